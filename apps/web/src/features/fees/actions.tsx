import {
  BellOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  MoneyCollectOutlined,
  PrinterOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { App, Button } from 'antd';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { ListContext, Row } from '../../engine/list/context.ts';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import { ToolbarActionButton } from '../../engine/list/ToolbarButton.tsx';
import type { ToolbarActionProps } from '../../engine/registry/actions.ts';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { LEDGER_URL, type Id } from './api.ts';
import { COLLECT_ON_SITE, COLLECT_ONLINE, houseSearchOf, housesOf } from './logic.ts';

/** The dialogs load on first use (qrcode and friends stay out of the list chunk). */
const CollectionDialog = lazy(() => import('./CollectionDialog.tsx').then((m) => ({ default: m.CollectionDialog })));
const GenerateBillDialog = lazy(() => import('./BillDialogs.tsx').then((m) => ({ default: m.GenerateBillDialog })));
const BillSignDialog = lazy(() => import('./BillDialogs.tsx').then((m) => ({ default: m.BillSignDialog })));
const BillDisplayDialog = lazy(() => import('./BillDialogs.tsx').then((m) => ({ default: m.BillDisplayDialog })));
const RechargeDialog = lazy(() => import('./BalanceDialogs.tsx').then((m) => ({ default: m.RechargeDialog })));
const PackageSettingsDialog = lazy(() =>
  import('./BalanceDialogs.tsx').then((m) => ({ default: m.PackageSettingsDialog })),
);
const LedgerDialog = lazy(() => import('./BalanceDialogs.tsx').then((m) => ({ default: m.LedgerDialog })));
const BalanceReminderDialog = lazy(() =>
  import('./BalanceDialogs.tsx').then((m) => ({ default: m.BalanceReminderDialog })),
);

const Lazy = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

const keyOf = (row: Row, ctx: ListContext) => (row[ctx.config.rowKey] ?? row.id) as Id;
const houseIdOf = (row: Row, ctx: ListContext) => (row.house_id ?? keyOf(row, ctx)) as Id;
const houseLabel = (row: Row) =>
  String(
    row.house_name ??
      row.full_name ??
      ([row.building_name, row.unit_name, row.name].filter(Boolean).join(' ') || row.id || ''),
  );
/** Sign-for-receipt exists only on the paid-order list. */
const isPaidOrderList = (ctx: ListContext) => /\/Renewal\/PaidOrder\//i.test(ctx.config.route);
/** 线下/现场 in the button title opens the dialog on on-site collection, otherwise online. */
const initialCollectType = (title: string) =>
  /线下|现场|现金|offline/i.test(title) ? COLLECT_ON_SITE : COLLECT_ONLINE;

// ─── bills ─────────────────────────────────────────────────────────────────────────────────
type GenTarget = { houseIds: Id[]; allSearch: Record<string, unknown> | null; villageId?: number };
/** the one village of the selection, else the one the search names */
const villageOf = (ctx: ListContext): number | undefined => {
  const vs = [...new Set(ctx.selectedRows.map((r) => Number(r.village_id)).filter((v) => v > 0))];
  if (vs.length === 1) return vs[0];
  const searched = Number(ctx.search.village_id);
  return !ctx.selectedRows.length && searched > 0 ? searched : undefined;
};
const isHouseList = (ctx: ListContext) => /\/(Balance|House)\//i.test(ctx.config.route);
const genTarget = (ctx: ListContext): GenTarget => ({
  houseIds: [...new Set(ctx.selectedRows.map((r) => houseIdOf(r, ctx)))],
  allSearch: ctx.total === 0 && ctx.records.length === 0 ? null : houseSearchOf(ctx.search, isHouseList(ctx)),
  villageId: villageOf(ctx),
});

/**
 * generateBill: bills for the selected houses or for all houses of the current search (chosen in
 * the dialog; 'all' is disabled when the list is empty).
 */
export const GenerateBillAction = ({ button, ctx }: ToolbarActionProps) => {
  const [target, setTarget] = useState<GenTarget | null>(null);
  const open = () => setTarget(genTarget(ctx));
  return (
    <>
      {button.selection === 'none' ? (
        <Button icon={<FileTextOutlined />} onClick={open} data-testid={`toolbar-${button.type}`}>
          {button.title}
        </Button>
      ) : (
        <ToolbarActionButton button={button} ctx={ctx} icon={<FileTextOutlined />} onRun={open} />
      )}
      {target ? (
        <Lazy>
          <GenerateBillDialog {...target} title={button.title} onClose={() => setTarget(null)} onDone={ctx.reload} />
        </Lazy>
      ) : null}
    </>
  );
};

type CollectTarget = { ids: Id[]; rows: Row[]; title: string };

/** collection (toolbar): the selected bills, all of one house. */
export const CollectionAction = ({ button, ctx }: ToolbarActionProps) => {
  const { message } = App.useApp();
  const [target, setTarget] = useState<CollectTarget | null>(null);
  const run = () => {
    if (housesOf(ctx.selectedRows).length > 1) {
      void message.warning('请选择同一房屋的账单进行收款');
      return;
    }
    const unpaid = ctx.selectedRows.filter((r) => r.status === undefined || Number(r.status) !== 2);
    if (unpaid.length === 0) {
      void message.warning('所选账单均已缴费');
      return;
    }
    setTarget({ ids: unpaid.map((r) => keyOf(r, ctx)), rows: unpaid, title: button.title });
  };
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} primary icon={<MoneyCollectOutlined />} onRun={run} />
      {target ? (
        <Lazy>
          <CollectionDialog
            {...target}
            initialType={initialCollectType(button.title)}
            onClose={() => setTarget(null)}
            onDone={ctx.reload}
          />
        </Lazy>
      ) : null}
    </>
  );
};

/** billSign (PaidOrder only): sign the selected bills. */
export const BillSignAction = ({ button, ctx }: ToolbarActionProps) => {
  const [ids, setIds] = useState<Id[] | null>(null);
  if (!isPaidOrderList(ctx)) return null;
  return (
    <>
      <ToolbarActionButton
        button={button}
        ctx={ctx}
        icon={<FileDoneOutlined />}
        onRun={() => setIds([...ctx.selectedKeys])}
      />
      {ids ? (
        <Lazy>
          <BillSignDialog billIds={ids} title={button.title} onClose={() => setIds(null)} onDone={ctx.reload} />
        </Lazy>
      ) : null}
    </>
  );
};

/** billDisplay: the printable bill of the selected bills. */
export const BillDisplayAction = ({ button, ctx }: ToolbarActionProps) => {
  const [ids, setIds] = useState<Id[] | null>(null);
  return (
    <>
      <ToolbarActionButton
        button={button}
        ctx={ctx}
        icon={<PrinterOutlined />}
        onRun={() => setIds([...ctx.selectedKeys])}
      />
      {ids ? (
        <Lazy>
          <BillDisplayDialog ids={ids} title={button.title} onClose={() => setIds(null)} />
        </Lazy>
      ) : null}
    </>
  );
};

// ─── balance ───────────────────────────────────────────────────────────────────────────────
type RechargeTarget = { houseId: Id; label: string; balance?: unknown };
const rechargeTarget = (row: Row, ctx: ListContext): RechargeTarget => ({
  houseId: houseIdOf(row, ctx),
  label: houseLabel(row),
  balance: row.balance,
});

/** recharge (row): top up the house's prepaid balance. */
export const RechargeRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <RechargeDialog
            {...rechargeTarget(row, ctx)}
            title={action.title}
            onClose={() => setOpen(false)}
            onDone={ctx.reload}
          />
        </Lazy>
      ) : null}
    </>
  );
};

/** recharge (toolbar, the house list): top up the one selected house's prepaid balance with the same dialog. */
export const RechargeToolbarAction = ({ button, ctx }: ToolbarActionProps) => {
  const [target, setTarget] = useState<RechargeTarget | null>(null);
  return (
    <>
      <ToolbarActionButton
        button={button}
        ctx={ctx}
        icon={<WalletOutlined />}
        onRun={() => setTarget(rechargeTarget(ctx.selectedRows[0]!, ctx))}
      />
      {target ? (
        <Lazy>
          <RechargeDialog {...target} title={button.title} onClose={() => setTarget(null)} onDone={ctx.reload} />
        </Lazy>
      ) : null}
    </>
  );
};

export const PackageSettingsAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} icon={<SettingOutlined />} onRun={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <PackageSettingsDialog title={button.title} onClose={() => setOpen(false)} />
        </Lazy>
      ) : null}
    </>
  );
};

export const BalanceReminderAction = ({ button, ctx }: ToolbarActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ToolbarActionButton button={button} ctx={ctx} icon={<BellOutlined />} onRun={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <BalanceReminderDialog title={button.title} onClose={() => setOpen(false)} />
        </Lazy>
      ) : null}
    </>
  );
};

/** balanceLedger (row): the house's balance movements. */
export const LedgerRowAction = ({ action, row, ctx }: RowActionProps) => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowActionLink action={action} onClick={() => setOpen(true)} />
      {open ? (
        <Lazy>
          <LedgerDialog
            houseId={houseIdOf(row, ctx)}
            label={houseLabel(row)}
            url={action.api ?? LEDGER_URL}
            title={action.title}
            onClose={() => setOpen(false)}
          />
        </Lazy>
      ) : null}
    </>
  );
};

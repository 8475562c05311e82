import { useState } from 'react';
import { useNavigate } from '../../lib/router.tsx';
import { RowActionLink } from '../../engine/list/RowActions.tsx';
import type { RowActionProps } from '../../engine/registry/rowActions.ts';
import { BUILDING_VIEW_URL, VILLAGE_VIEW_URL } from './api.ts';
import { BuildingViewModal } from './BuildingView.tsx';
import { VillageViewModal } from './VillageView.tsx';

const idOf = ({ row, ctx }: RowActionProps) => Number(row[ctx.config.rowKey] ?? row.id);
const nameOf = (p: RowActionProps) => String(p.row.name ?? p.row.full_name ?? '');

/** Row action viewBuilding (/Web/Basic/Building/listConfig): the building view of the row. */
export const ViewBuildingRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const api = p.action.api && p.action.api.endsWith('/cView') ? p.action.api : BUILDING_VIEW_URL;
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      <BuildingViewModal
        bid={open ? idOf(p) : null}
        api={api}
        title={`${p.action.title} - ${nameOf(p)}`}
        onClose={() => setOpen(false)}
      />
    </>
  );
};

/** Row action viewVillage (/Web/Basic/Village/listConfig): the village view; its items route (dialog closed first). */
export const ViewVillageRowAction = (p: RowActionProps) => {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const api = p.action.api && p.action.api.endsWith('/cView') ? p.action.api : VILLAGE_VIEW_URL;
  const go = (route: string) => {
    setOpen(false);
    void navigate(route);
  };
  return (
    <>
      <RowActionLink action={p.action} onClick={() => setOpen(true)} />
      <VillageViewModal
        vid={open ? idOf(p) : null}
        api={api}
        title={`${p.action.title} - ${nameOf(p)}`}
        onClose={() => setOpen(false)}
        onNavigate={go}
      />
    </>
  );
};

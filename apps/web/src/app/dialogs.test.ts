import type { DialogEndpoint } from '@5a/contracts';
import { parkingApi } from '@5a/contracts/endpoints/parking';
import { describe, expect, it } from 'vitest';
import { callMsg } from '../api/call.ts';
import { dialogKeyOf, toolbarDialog, type ToolbarDialog } from '../engine/registry/dialogs.tsx';

const dialogFiles = import.meta.glob<{ default: ToolbarDialog }>('../features/**/*.dialog.tsx', { eager: true });
const contractFiles = import.meta.glob<Record<string, Record<string, unknown>>>(
  '../../../../packages/contracts/src/endpoints/*.ts',
  { eager: true },
);

const isDialogEndpoint = (v: unknown): v is DialogEndpoint<unknown, unknown> =>
  typeof v === 'object' && v !== null && 'toolbar' in v && 'path' in v;
const dialogEndpoints = Object.values(contractFiles)
  .flatMap((file) => Object.values(file))
  .flatMap((group) => (typeof group === 'object' && group !== null ? Object.values(group) : []))
  .filter(isDialogEndpoint);

// never run: it only has to compile — a dialog that sends another body than its endpoint takes is a type error
export const wrongBodyDoesNotCompile = () =>
  toolbarDialog(parkingApi.cardTopUp, ({ endpoint }) => {
    // @ts-expect-error the top-up takes the car's vehicle_id, not a plate
    void callMsg(endpoint, { plate: '京A12345' });
    return null;
  });

describe('toolbar dialogs', () => {
  it('each dialog file answers the endpoint its name says', () => {
    expect(Object.keys(dialogFiles).length).toBeGreaterThan(0);
    for (const [file, mod] of Object.entries(dialogFiles))
      expect(mod.default.endpoint.toolbar.dialog, file).toBe(dialogKeyOf(file));
  });

  it('each dialog endpoint of the contracts has its dialog file', () => {
    const keys = new Set(Object.keys(dialogFiles).map(dialogKeyOf));
    expect(dialogEndpoints.length).toBeGreaterThan(0);
    for (const e of dialogEndpoints) expect(keys.has(e.toolbar.dialog), e.path).toBe(true);
  });
});

import { create } from 'zustand';
import { readLocal, writeLocal } from '../../lib/storage.ts';
import { useAuthStore } from '../../store/auth.ts';

/**
 * Global village selector: the village that dashboards are limited to, remembered per
 * user in localStorage (key `<version>_village_<userId>`).
 */
type VillageState = {
  userId: number | null;
  villageId: number | null;
  /** loads the stored choice of a user (no-op when already loaded) */
  ensureUser: (userId: number | null) => void;
  setVillage: (id: number | null) => void;
};

const keyOf = (userId: number) => `village_${userId}`;

const readStored = (userId: number | null) => {
  if (userId === null) return null;
  const n = Number(readLocal(keyOf(userId)));
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const useVillageStore = create<VillageState>((set, get) => ({
  userId: null,
  villageId: null,
  ensureUser: (userId) => {
    if (get().userId === userId) return;
    set({ userId, villageId: readStored(userId) });
  },
  setVillage: (id) => {
    const userId = get().userId ?? useAuthStore.getState().userId;
    if (userId !== null) writeLocal(keyOf(userId), id === null ? null : String(id));
    set({ userId, villageId: id });
  },
}));

/** The selected village id of the signed-in user (null until chosen or when none exists). */
export const useSelectedVillage = () => {
  const authUser = useAuthStore((s) => s.userId);
  const { userId, villageId } = useVillageStore();
  return userId === authUser ? villageId : readStored(authUser);
};

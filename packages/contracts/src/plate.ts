// Civil and new-energy plate rules, shared by the server's checks and the phone pay page's form.
/** Province abbreviations a civil plate starts with (the order a plate keyboard shows them in). */
export const PLATE_PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Plate letters and digits: I and O are never used (they read as 1 and 0). */
const CH = '[A-HJ-NP-Z0-9]';
const LETTER = '[A-HJ-NP-Z]';
const HEAD = `[${PLATE_PROVINCES}]${LETTER}`;
/** 7 characters: province, issuing-office letter, five letters or digits. */
const ORDINARY = new RegExp(`^${HEAD}${CH}{5}$`);
/**
 * 8 characters, new-energy: a small car's serial starts with D (electric) or F (other new energy) followed by a
 * letter or digit and four digits; a large car's serial is five digits ending in D or F.
 */
const NEW_ENERGY = new RegExp(`^${HEAD}(?:[DF]${CH}\\d{4}|\\d{5}[DF])$`);

export type PlateKind = 'ordinary' | 'newEnergy';

/** The plate as stored: no spaces or separator dot, letters upper-case. */
export const normalizePlate = (raw: string): string => raw.replace(/[\s·.-]/g, '').toUpperCase();

/** The kind of a normalized plate, or null when it is not a valid civil plate. */
export const plateKind = (plate: string): PlateKind | null =>
  ORDINARY.test(plate) ? 'ordinary' : NEW_ENERGY.test(plate) ? 'newEnergy' : null;

/** The save url beside the read url of the 首页模块 dialog (/System/Role/indexModule → /System/Role/saveIndexModule). */
export const saveUrlOf = (readUrl: string) => readUrl.replace(/\/indexModule$/, '/saveIndexModule');

import { createContext } from 'react';

/** The session's permission codes, provided by the app shell's guard; outside a session there are none. */
export const PermsContext = createContext<readonly string[] | null>(null);

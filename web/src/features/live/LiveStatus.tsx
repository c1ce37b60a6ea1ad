import { createContext, useContext } from 'react';
import type { LiveStream } from './useLiveStream';

/** The vessel page's live stream, for the tabs that show it. */
export const LiveStatusContext = createContext<LiveStream>({ status: 'connecting', lastValueAt: null, catchingUp: false });

export const useLiveStatus = () => useContext(LiveStatusContext);

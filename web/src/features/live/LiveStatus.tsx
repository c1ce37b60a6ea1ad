import { createContext, useContext } from 'react';
import type { LiveStreamStatus } from './useLiveStream';

/** The vessel page's live stream status, for the tabs that show it. */
export const LiveStatusContext = createContext<LiveStreamStatus>('connecting');

export const useLiveStatus = () => useContext(LiveStatusContext);

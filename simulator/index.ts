/** The bridge simulator as a library: for the server's demo mode, the tests and the benchmark. */
export { startBridge, DEFAULT_MQTT_URL, DEFAULT_VERSION, type BridgeHandle, type BridgeOptions, type BridgeStats } from './bridge';
export { startFleet, type FleetHandle, type FleetMember, type FleetOptions, type FleetStats } from './fleet';
export { replayLog, readDeltaLog, checkDeltaLog, DeltaLogError, type ReplayHandle, type ReplayOptions } from './replay';
export { createRecorder, type DeltaRecorder } from './recorder';
export { SCENARIOS, SCENARIO_NAMES, isScenarioName, type ScenarioName } from './scenarios';
export { PROFILES, PROFILE_NAMES, DEFAULT_PROFILE, profileNamed, type VesselProfile } from './profiles';
export { LOG_LEVELS, stderrLogger, type LogLevel, type Logger } from '../bridge/client/logger';
export { Ticker } from './ticker';
export { inventoryOf } from './vessel';

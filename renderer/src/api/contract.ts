/**
 * The contract's types as the renderer uses them: one place where the renderer reaches into
 * electron/ipc (types only, so no schema code enters the bundle).
 */
export type { AppInfo, ChannelInput, ChannelName, ChannelOutput, PlatformProfile, Settings, SettingsPatch } from '../../../electron/ipc/contract';

/**
 * The contract's types as the renderer uses them: one place where the renderer reaches into
 * electron/core (types only, so no schema code enters the bundle).
 */
export type { Account, AppInfo, AppNotice, ChannelInput, ChannelName, ChannelOutput, DraftState, DraftView, EventMessage, OrderStatus, PlatformProfile, PreparedImage, Product, ProfileStatus, Settings, SettingsPatch, SignInFinished, SignInStarted, StoreAccount, StoreCatalog, StoreOrder, VaultStatus } from '../../../electron/core/contract';
export type { AccountLookup, AccountRecord, DaySeries, ExportResult, ResearchQuota, RowSort, SavedQuery, SearchView, VideoRow, VideoSearchRequest } from '../../../electron/core/contract';
export type { BuiltinPlatformStatus, LogsLocation, UpdateStatus } from '../../../electron/core/contract';
export type { BulkAction, BulkOutcome, EarlierDraft, InboxPlaces, MoveTarget } from '../../../electron/core/contract';
export type { WatchFolderView } from '../../../electron/core/contract';
export type { VideoCheckView, VideoProbeView, VideoVerdictView } from '../../../electron/core/contract';
export type { VideoFixMode, VideoFixView } from '../../../electron/core/contract';
export type { PhotoChange, Words } from '../../../electron/core/contract';

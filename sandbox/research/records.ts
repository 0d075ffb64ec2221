/**
 * Turning dataset rows into the records the API returns, limited to the requested fields.
 */
import type { Dataset } from './dataset.js';
import { descriptionOf, effectIdsOf, hashtagsOf, playlistIdOf, videoIdOf, voiceToTextOf } from './dataset.js';
import type { AccountField, VideoField } from './query-schema.js';

export interface VideoRecord {
  /** Always present, as a string of digits (the 19-digit id does not fit a JSON number). */
  id: string;
  video_description?: string;
  /** Unix seconds. */
  create_time?: number;
  region_code?: string;
  share_count?: number;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  music_id?: string;
  hashtag_names?: string[];
  username?: string;
  effect_ids?: string[];
  /** Absent when the video is in no playlist. */
  playlist_id?: number;
  /** Absent when the video has no speech. */
  voice_to_text?: string;
  is_stem_verified?: boolean;
  favorites_count?: number;
  /** Seconds. */
  video_duration?: number;
}

export interface AccountRecord {
  /** Always present. */
  username: string;
  display_name?: string;
  bio_description?: string;
  avatar_url?: string;
  is_verified?: boolean;
  follower_count?: number;
  following_count?: number;
  likes_count?: number;
  video_count?: number;
}

export function videoRecord(ds: Dataset, row: number, fields: readonly VideoField[]): VideoRecord {
  const record: VideoRecord = { id: videoIdOf(ds, row) };
  for (const field of fields) {
    switch (field) {
      case 'id': break;
      case 'video_description': record.video_description = descriptionOf(ds, row); break;
      case 'create_time': record.create_time = ds.createTime[row]!; break;
      case 'region_code': record.region_code = ds.regions[ds.region[row]!]!; break;
      case 'share_count': record.share_count = ds.shares[row]!; break;
      case 'view_count': record.view_count = ds.views[row]!; break;
      case 'like_count': record.like_count = ds.likes[row]!; break;
      case 'comment_count': record.comment_count = ds.comments[row]!; break;
      case 'music_id': record.music_id = ds.musicIds[ds.music[row]!]!; break;
      case 'hashtag_names': record.hashtag_names = hashtagsOf(ds, row); break;
      case 'username': record.username = ds.accounts.usernames[ds.account[row]!]!; break;
      case 'effect_ids': record.effect_ids = effectIdsOf(ds, row); break;
      case 'playlist_id': {
        const playlist = playlistIdOf(ds, row);
        if (playlist !== undefined) record.playlist_id = playlist;
        break;
      }
      case 'voice_to_text': {
        const speech = voiceToTextOf(ds, row);
        if (speech.length > 0) record.voice_to_text = speech;
        break;
      }
      case 'is_stem_verified': record.is_stem_verified = ds.stemVerified[row] === 1; break;
      case 'favorites_count': record.favorites_count = ds.favorites[row]!; break;
      case 'video_duration': record.video_duration = ds.duration[row]!; break;
    }
  }
  return record;
}

export function accountRecord(ds: Dataset, account: number, fields: readonly AccountField[]): AccountRecord {
  const a = ds.accounts;
  const record: AccountRecord = { username: a.usernames[account]! };
  for (const field of fields) {
    switch (field) {
      case 'username': break;
      case 'display_name': record.display_name = a.displayNames[account]!; break;
      case 'bio_description': record.bio_description = a.bios[account]!; break;
      case 'avatar_url': record.avatar_url = a.avatarUrls[account]!; break;
      case 'is_verified': record.is_verified = a.verified[account] === 1; break;
      case 'follower_count': record.follower_count = a.followers[account]!; break;
      case 'following_count': record.following_count = a.following[account]!; break;
      case 'likes_count': record.likes_count = a.likes[account]!; break;
      case 'video_count': record.video_count = a.videoCount[account]!; break;
    }
  }
  return record;
}

/**
 * The platform's research records on the wire (ops 10 and 11): zod only, so the window's contract
 * can carry them too.
 */
import { z } from 'zod';

/** A video record as the platform returned it (only the fields asked for; id always). */
export const VideoRow = z.object({
  id: z.string(),
  video_description: z.string().optional(),
  create_time: z.number().optional(),
  region_code: z.string().optional(),
  share_count: z.number().optional(),
  view_count: z.number().optional(),
  like_count: z.number().optional(),
  comment_count: z.number().optional(),
  music_id: z.string().optional(),
  hashtag_names: z.array(z.string()).optional(),
  username: z.string().optional(),
  effect_ids: z.array(z.string()).optional(),
  playlist_id: z.number().optional(),
  voice_to_text: z.string().optional(),
  is_stem_verified: z.boolean().optional(),
  favorites_count: z.number().optional(),
  video_duration: z.number().optional(),
});
export type VideoRow = z.infer<typeof VideoRow>;

/** An account as op 11 returns it. */
export const AccountRecord = z.object({
  username: z.string(),
  display_name: z.string().optional(),
  bio_description: z.string().optional(),
  avatar_url: z.string().optional(),
  is_verified: z.boolean().optional(),
  follower_count: z.number().optional(),
  following_count: z.number().optional(),
  likes_count: z.number().optional(),
  video_count: z.number().optional(),
});
export type AccountRecord = z.infer<typeof AccountRecord>;

/**
 * Word lists the synthetic research dataset is made of. Plain data, no logic: the generator draws
 * from them with skewed (Zipf-like) popularity, so the head of each list is what shows up most.
 * Every word is lower-case ASCII letters, so the description tokenizer gives back exactly these words.
 */

export interface Topic {
  readonly name: string;
  /** Relative share of videos about this topic. */
  readonly weight: number;
  readonly words: readonly string[];
  readonly hashtags: readonly string[];
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'food', weight: 14,
    words: ['recipe', 'pasta', 'cooking', 'kitchen', 'dinner', 'breakfast', 'lunch', 'chicken', 'cheese', 'garlic', 'butter', 'sauce', 'noodles', 'rice', 'spicy', 'sweet', 'baking', 'bread', 'cake', 'cookies', 'chocolate', 'dessert', 'tacos', 'pizza', 'burger', 'salad', 'soup', 'coffee', 'matcha', 'flavor', 'delicious', 'crispy', 'oven', 'grill', 'snack', 'restaurant', 'mukbang', 'vegan', 'homemade', 'ingredients'],
    hashtags: ['food', 'foodtok', 'recipe', 'cooking', 'easyrecipe', 'baking', 'foodie', 'dinnerideas', 'homecooking', 'dessert'],
  },
  {
    name: 'dance', weight: 12,
    words: ['dance', 'dancing', 'choreo', 'choreography', 'moves', 'trend', 'routine', 'steps', 'rhythm', 'beat', 'groove', 'shuffle', 'spin', 'duet', 'crew', 'studio', 'rehearsal', 'stage', 'performance', 'freestyle', 'hiphop', 'ballet', 'salsa', 'kpop', 'mirror', 'practice', 'tutorial', 'slow', 'fast', 'smooth'],
    hashtags: ['dance', 'dancechallenge', 'choreography', 'dancetrend', 'kpopdance', 'duet', 'dancer', 'hiphopdance'],
  },
  {
    name: 'pets', weight: 10,
    words: ['dog', 'puppy', 'cat', 'kitten', 'pet', 'doggo', 'paws', 'bark', 'meow', 'walk', 'treats', 'vet', 'fluffy', 'golden', 'retriever', 'husky', 'corgi', 'bunny', 'hamster', 'parrot', 'fish', 'adopted', 'rescue', 'shelter', 'zoomies', 'nap', 'cuddle', 'toy', 'leash', 'tail'],
    hashtags: ['dogsoftiktok', 'catsoftiktok', 'pets', 'puppy', 'cat', 'dog', 'petlover', 'adoptdontshop', 'funnyanimals'],
  },
  {
    name: 'comedy', weight: 12,
    words: ['funny', 'joke', 'prank', 'skit', 'laugh', 'hilarious', 'meme', 'relatable', 'awkward', 'roommate', 'boss', 'mom', 'dad', 'sister', 'brother', 'teacher', 'pov', 'storytime', 'reaction', 'fail', 'cringe', 'plot', 'twist', 'sarcasm', 'impression', 'parody', 'sketch', 'comedian', 'silly', 'chaos'],
    hashtags: ['comedy', 'funny', 'pov', 'relatable', 'prank', 'skit', 'memes', 'storytime', 'humor'],
  },
  {
    name: 'beauty', weight: 8,
    words: ['makeup', 'skincare', 'routine', 'foundation', 'lipstick', 'mascara', 'eyeliner', 'blush', 'glow', 'serum', 'moisturizer', 'sunscreen', 'nails', 'manicure', 'hair', 'curls', 'braids', 'haircut', 'color', 'palette', 'brush', 'look', 'natural', 'glam', 'tutorial', 'review', 'product', 'dupe', 'shade', 'contour'],
    hashtags: ['makeup', 'skincare', 'beauty', 'grwm', 'makeuptutorial', 'nails', 'hairtok', 'skincareroutine'],
  },
  {
    name: 'fitness', weight: 8,
    words: ['workout', 'gym', 'training', 'cardio', 'squat', 'deadlift', 'bench', 'protein', 'muscle', 'abs', 'core', 'stretch', 'yoga', 'pilates', 'running', 'marathon', 'miles', 'reps', 'sets', 'gains', 'coach', 'progress', 'transformation', 'healthy', 'meal', 'prep', 'energy', 'sweat', 'strength', 'mobility'],
    hashtags: ['fitness', 'gymtok', 'workout', 'fitnessmotivation', 'gym', 'yoga', 'running', 'healthylifestyle'],
  },
  {
    name: 'travel', weight: 7,
    words: ['travel', 'trip', 'vacation', 'beach', 'island', 'mountains', 'hiking', 'city', 'hotel', 'flight', 'airport', 'passport', 'roadtrip', 'sunset', 'sunrise', 'ocean', 'lake', 'forest', 'camping', 'adventure', 'explore', 'hidden', 'gem', 'itinerary', 'budget', 'backpacking', 'culture', 'streetfood', 'views', 'paradise'],
    hashtags: ['travel', 'traveltok', 'vacation', 'wanderlust', 'travelgram', 'beach', 'hiking', 'roadtrip'],
  },
  {
    name: 'gaming', weight: 8,
    words: ['game', 'gaming', 'gamer', 'stream', 'clip', 'win', 'loss', 'ranked', 'squad', 'victory', 'boss', 'level', 'speedrun', 'glitch', 'console', 'controller', 'keyboard', 'setup', 'minecraft', 'fortnite', 'roblox', 'valorant', 'league', 'headshot', 'clutch', 'lobby', 'quest', 'loot', 'patch', 'update'],
    hashtags: ['gaming', 'gamer', 'fortnite', 'minecraft', 'roblox', 'gamingsetup', 'twitch', 'valorant'],
  },
  {
    name: 'music', weight: 7,
    words: ['song', 'cover', 'singing', 'guitar', 'piano', 'drums', 'bass', 'vocals', 'lyrics', 'melody', 'chorus', 'verse', 'acoustic', 'live', 'concert', 'band', 'album', 'single', 'remix', 'producer', 'studio', 'harmony', 'violin', 'rap', 'freestyle', 'original', 'demo', 'notes', 'tune', 'karaoke'],
    hashtags: ['music', 'cover', 'singing', 'newmusic', 'guitar', 'piano', 'musician', 'originalsong'],
  },
  {
    name: 'fashion', weight: 6,
    words: ['outfit', 'fashion', 'style', 'thrift', 'haul', 'vintage', 'jeans', 'dress', 'sneakers', 'shoes', 'jacket', 'hoodie', 'accessories', 'jewelry', 'bag', 'closet', 'wardrobe', 'aesthetic', 'streetwear', 'casual', 'formal', 'try', 'fit', 'check', 'trend', 'season', 'capsule', 'color', 'layering', 'shopping'],
    hashtags: ['fashion', 'ootd', 'outfitideas', 'thrifted', 'haul', 'streetwear', 'style', 'outfitcheck'],
  },
  {
    name: 'diy', weight: 5,
    words: ['diy', 'craft', 'project', 'build', 'wood', 'paint', 'decor', 'room', 'makeover', 'renovation', 'tools', 'drill', 'garden', 'plants', 'flowers', 'upcycle', 'hack', 'organize', 'cleaning', 'home', 'apartment', 'shelf', 'wall', 'tiles', 'sewing', 'knitting', 'crochet', 'resin', 'candle', 'pottery'],
    hashtags: ['diy', 'crafts', 'homedecor', 'lifehack', 'cleantok', 'plantsoftiktok', 'crochet', 'roommakeover'],
  },
  {
    name: 'education', weight: 6,
    words: ['learn', 'lesson', 'science', 'history', 'math', 'physics', 'chemistry', 'biology', 'space', 'planet', 'facts', 'explained', 'study', 'exam', 'student', 'college', 'school', 'language', 'english', 'spanish', 'book', 'reading', 'tips', 'brain', 'experiment', 'engineering', 'coding', 'money', 'finance', 'career'],
    hashtags: ['learnontiktok', 'edutok', 'science', 'studytok', 'booktok', 'history', 'facts', 'stem'],
  },
  {
    name: 'sports', weight: 6,
    words: ['football', 'soccer', 'basketball', 'baseball', 'tennis', 'golf', 'goal', 'score', 'match', 'team', 'player', 'coach', 'highlights', 'skills', 'dribble', 'shot', 'dunk', 'league', 'season', 'fans', 'stadium', 'champion', 'tournament', 'training', 'skate', 'surf', 'boxing', 'cycling', 'swimming', 'athlete'],
    hashtags: ['sports', 'football', 'soccer', 'basketball', 'nba', 'skills', 'highlights', 'athlete'],
  },
  {
    name: 'tech', weight: 5,
    words: ['tech', 'phone', 'laptop', 'unboxing', 'review', 'gadget', 'camera', 'app', 'feature', 'battery', 'screen', 'settings', 'trick', 'software', 'ai', 'robot', 'computer', 'build', 'desk', 'headphones', 'speaker', 'smart', 'watch', 'charger', 'wireless', 'specs', 'upgrade', 'android', 'iphone', 'tablet'],
    hashtags: ['tech', 'techtok', 'unboxing', 'gadgets', 'iphone', 'techtips', 'ai', 'desksetup'],
  },
];

/** Everyday words mixed into every description, most frequent first. */
export const GENERAL_WORDS: readonly string[] = [
  'the', 'and', 'my', 'this', 'is', 'to', 'a', 'of', 'for', 'in', 'with', 'you', 'it', 'me', 'on', 'so', 'we', 'i', 'just', 'when', 'that', 'your', 'be', 'at', 'how', 'day', 'new', 'what', 'one', 'all',
  'love', 'best', 'time', 'first', 'wait', 'end', 'part', 'try', 'today', 'life', 'make', 'made', 'got', 'like', 'can', 'did', 'know', 'need', 'want', 'never', 'always', 'really', 'so', 'much', 'more', 'every', 'week', 'night', 'morning', 'weekend',
  'finally', 'ever', 'little', 'big', 'easy', 'quick', 'perfect', 'favorite', 'crazy', 'amazing', 'cute', 'happy', 'vibes', 'mood', 'real', 'honest', 'secret', 'simple', 'better', 'worst', 'good', 'bad', 'old', 'young', 'friend', 'friends', 'family', 'baby', 'kids', 'people',
  'watch', 'see', 'look', 'show', 'tell', 'think', 'feel', 'wish', 'hope', 'guess', 'trying', 'doing', 'going', 'making', 'getting', 'working', 'waiting', 'thinking', 'feeling', 'watching', 'follow', 'share', 'comment', 'save', 'tag', 'someone', 'who', 'needs', 'this', 'here',
  'why', 'where', 'because', 'but', 'or', 'not', 'no', 'yes', 'too', 'again', 'still', 'only', 'also', 'even', 'almost', 'about', 'after', 'before', 'back', 'up', 'down', 'out', 'over', 'under', 'around', 'home', 'house', 'car', 'school', 'work', 'job', 'summer', 'winter', 'spring', 'autumn',
  'birthday', 'holiday', 'christmas', 'halloween', 'party', 'wedding', 'date', 'morning', 'routine', 'challenge', 'trend', 'version', 'edit', 'series', 'episode', 'story', 'moment', 'memories', 'goals', 'dream', 'plan', 'idea', 'ideas', 'tips', 'hack', 'hacks', 'mistake', 'lesson', 'truth', 'question',
  'answer', 'reply', 'sound', 'video', 'live', 'check', 'wow', 'omg', 'literally', 'actually', 'obsessed', 'iconic', 'vibe', 'energy', 'main', 'character', 'era', 'core', 'slay', 'lowkey', 'highkey', 'bestie', 'soft', 'chill', 'cozy', 'aesthetic', 'wholesome', 'satisfying', 'asmr', 'unexpected',
];

/** Hashtags on videos of every topic, most popular first. */
export const GENERIC_HASHTAGS: readonly string[] = [
  'fyp', 'foryou', 'foryoupage', 'viral', 'trending', 'fy', 'fypage', 'explore', 'tiktok', 'xyzbca', 'trend', 'funny', 'love', 'foryourpage', 'viralvideo', 'capcut', 'duet', 'relatable', 'aesthetic', 'satisfying', 'asmr', 'dayinmylife', 'vlog', 'motivation', 'inspiration',
];

/** Suffixes that turn a topic word into a long-tail hashtag (pasta + tok, dog + lover ...). */
export const HASHTAG_SUFFIXES: readonly string[] = [
  'tok', 'tips', 'lover', 'life', 'challenge', 'hack', 'hacks', 'daily', 'time', 'vibes', 'goals', 'addict', 'gram', 'club', 'nation', 'squad', 'world', 'community', 'check', 'fails', 'talk', 'diaries', 'season', 'era', 'ideas',
];

/** Name parts for usernames and display names. */
export const FIRST_NAMES: readonly string[] = [
  'emma', 'liam', 'olivia', 'noah', 'ava', 'mateo', 'sofia', 'lucas', 'mia', 'leo', 'isabella', 'ethan', 'amelia', 'james', 'luna', 'arjun', 'chloe', 'hiro', 'yuki', 'sakura', 'minji', 'jisoo', 'ana', 'maria', 'joao', 'pedro', 'camila', 'valentina', 'diego', 'santiago', 'lea', 'lena', 'felix', 'paul', 'hanna', 'jonas', 'chloe', 'louis', 'jade', 'hugo', 'nadia', 'omar', 'aisha', 'fatima', 'ali', 'yusuf', 'putri', 'budi', 'dewi', 'rizky', 'siti', 'andre', 'grace', 'zoe', 'max', 'ben', 'sam', 'alex', 'kai', 'nina', 'tom', 'lily', 'jack', 'ella', 'ruby', 'oscar', 'ivy', 'finn', 'maya', 'aria', 'nico', 'bella', 'eli', 'rosa', 'theo', 'lola', 'vic', 'dani', 'tina', 'marco',
];

export const LAST_NAMES: readonly string[] = [
  'smith', 'johnson', 'garcia', 'martinez', 'silva', 'santos', 'souza', 'muller', 'schmidt', 'martin', 'bernard', 'dubois', 'tanaka', 'suzuki', 'sato', 'kim', 'lee', 'park', 'nguyen', 'tran', 'lopez', 'gonzalez', 'hernandez', 'rossi', 'ferrari', 'wilson', 'brown', 'taylor', 'davies', 'evans', 'wright', 'walker', 'khan', 'ahmed', 'wijaya', 'santoso', 'pratama', 'kowalski', 'novak', 'yilmaz',
];

/** Region codes with their share of videos (ISO 3166-1 alpha-2). */
export const REGIONS: readonly (readonly [code: string, weight: number])[] = [
  ['US', 22], ['ID', 9], ['BR', 8], ['MX', 6], ['GB', 5], ['PK', 4], ['PH', 4], ['DE', 4], ['FR', 4], ['TR', 3.5], ['VN', 3.5], ['TH', 3], ['RU', 3], ['SA', 2.5], ['JP', 2.5], ['EG', 2], ['CO', 2], ['IT', 2], ['ES', 2], ['CA', 2], ['AR', 1.5], ['MY', 1.5], ['AU', 1.2], ['KR', 1], ['NL', 1], ['PL', 1], ['NG', 1], ['KE', 0.6], ['ZA', 0.8], ['AE', 0.8], ['CL', 0.8], ['PE', 0.8], ['SE', 0.5], ['BE', 0.5], ['PT', 0.5], ['RO', 0.5], ['UA', 0.6], ['IQ', 0.8], ['MA', 0.6], ['DZ', 0.5], ['IN', 0.2],
];

import { streamMessages, streamName } from '@convene/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError.ts';
import en from '../../i18n/en.json';
import ro from '../../i18n/ro.json';
import {
  broadcastFromState,
  forgetBroadcast,
  handOverCamera,
  hasHandedCamera,
  rememberBroadcast,
  rememberedBroadcast,
  takeHandedCamera,
} from './broadcastHandoff.ts';
import { cameraProblem } from './camera.ts';
import { MediaRequestError } from './media/mediaTypes.ts';
import { refusalKey } from './streamErrors.ts';
import { broadcastPath, eventPathOf, isWithinEvent, watchPath } from './streamPaths.ts';

type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('stream paths (PRODUCT.md §2.2)', () => {
  const page = '/events/Town_hall-abc123';

  it('puts the broadcaster at {event path}/stream and viewers at …/streams/{streamId}', () => {
    expect(broadcastPath(page)).toBe('/events/Town_hall-abc123/stream');
    expect(watchPath(page, 'f1e2')).toBe('/events/Town_hall-abc123/streams/f1e2');
  });

  it('finds the event page of every stream screen, the watch route included', () => {
    expect(eventPathOf(`${page}/stream`)).toBe(page);
    expect(eventPathOf(`${page}/streams/f1e2`)).toBe(page);
    expect(eventPathOf(`${page}/watch/f1e2`)).toBe(page);
    expect(eventPathOf(page)).toBe(page);
  });

  it('tells the event path and its screens from elsewhere', () => {
    expect(isWithinEvent(`${page}/stream`, page)).toBe(true);
    expect(isWithinEvent(page, page)).toBe(true);
    expect(isWithinEvent('/events/Town_hall-abc1234', page)).toBe(false);
    expect(isWithinEvent('/calendars', page)).toBe(false);
  });
});

describe('the broadcast a tab keeps', () => {
  const broadcast = { eventId: 'abc', streamId: 's1', streamName: 'Stage', deviceId: null };
  const store = new Map<string, string>();
  globalThis.sessionStorage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
    removeItem: (key: string) => void store.delete(key),
  } as Storage;
  afterEach(() => store.clear());

  it('reads it from the navigation state only when whole', () => {
    expect(broadcastFromState({ broadcast })).toEqual(broadcast);
    expect(broadcastFromState({ broadcast: { ...broadcast, streamId: 4 } })).toBeNull();
    expect(broadcastFromState(null)).toBeNull();
  });

  it('keeps it for a reload of the same event, and forgets it', () => {
    rememberBroadcast(broadcast);
    expect(rememberedBroadcast('abc')).toEqual(broadcast);
    expect(rememberedBroadcast('other')).toBeNull();
    forgetBroadcast();
    expect(rememberedBroadcast('abc')).toBeNull();
  });

  it('ignores what is not a broadcast', () => {
    store.set('convene.broadcast', '{not json');
    expect(rememberedBroadcast('abc')).toBeNull();
  });

  it('hands the dialog camera over once, to its own stream only', () => {
    const media = { id: 'camera' } as unknown as MediaStream;
    expect(hasHandedCamera('s1')).toBe(false);
    handOverCamera('s1', media);
    expect(hasHandedCamera('s2')).toBe(false);
    expect(hasHandedCamera('s1')).toBe(true);
    expect(takeHandedCamera('s2')).toBeNull();
    expect(takeHandedCamera('s1')).toBe(media);
    // Taken: a later mount of the screen (a reload) finds none and resumes.
    expect(hasHandedCamera('s1')).toBe(false);
    expect(takeHandedCamera('s1')).toBeNull();
  });
});

describe('refusals', () => {
  it('reads a refused camera as the permission text', () => {
    expect(cameraProblem(new DOMException('denied', 'NotAllowedError'))).toBe('permission');
    expect(cameraProblem(new DOMException('none', 'NotFoundError'))).toBe('noCamera');
  });

  it('names why watching was refused', () => {
    expect(refusalKey(new ApiError(403, null, null, streamMessages.rsvpRequired))).toBe(
      streamMessages.rsvpRequired,
    );
    expect(refusalKey(new MediaRequestError(503, 'HTTP 503'))).toBe(streamMessages.viewersFull);
    expect(refusalKey(new MediaRequestError(410, 'HTTP 410'))).toBe(streamMessages.ended);
    expect(refusalKey(new TypeError('Failed to fetch'))).toBe('streams.errors.joinFailed');
  });
});

describe('feed name (PRODUCT.md §2.5: required, at least 3 letters)', () => {
  it.each([
    ['', streamMessages.nameRequired],
    ['   ', streamMessages.nameRequired],
    ['a1 2', streamMessages.nameTooShort],
    ['x'.repeat(81), streamMessages.nameTooLong],
  ])('refuses %j', (name, message) => {
    const result = streamName.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('accepts three letters in any script, trimmed', () => {
    expect(streamName.parse('  Ană ')).toBe('Ană');
  });
});

describe('streams texts', () => {
  // PRODUCT.md §2.8 word for word.
  const specTexts = {
    [streamMessages.maximumReached]: 'Maximum numbers of streams reached',
    'streams.errors.camera.permission': 'Permission to media sources required...',
    'streams.errors.resumeFailed': 'Failed resuming stream! Please use a different browser.',
    'streams.errors.createFailed': 'Starting the stream failed. Please try again in 10 seconds.',
  };

  it.each(Object.entries(specTexts))('%s reads as the spec says', (key, text) => {
    expect(lookup(en as Tree, key)).toBe(text);
  });

  it('has every English text in Romanian too, and every refusal the server sends', () => {
    const keys = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([name, value]) =>
        typeof value === 'string' ? [`${prefix}${name}`] : keys(value, `${prefix}${name}.`),
      );
    const english = keys((en as unknown as Tree).streams as Tree, 'streams.');
    expect(english.filter((key) => !lookup(ro as Tree, key))).toEqual([]);
    expect(Object.values(streamMessages).filter((key) => !lookup(en as Tree, key))).toEqual([]);
  });
});

import { beforeEach, describe, expect, it } from '@jest/globals';
import { EVENTS } from '@pencraft/contracts/events';
import { PublicationUpdated } from '@pencraft/contracts/events/v1/publications';
import { PublicationImageKind } from '@pencraft/contracts/publications/v1/publications';
import { AppError } from '@pencraft/errors';
import type { Clock, Logger, ObjectStore, Outbox } from '@pencraft/kit';
import { fakeTransactions, strictMock, TX, type StrictMock } from '@pencraft/testing';
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { MemberRepository } from '../members/member.repository.js';
import type { PublicationRepository } from '../publications/publication.repository.js';
import type { PublicationRow } from '../publications/publication.table.js';
import { PublicationImageProcessor } from './publication-image.processor.js';
import { PublicationImageService } from './publication-image.service.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const OWNER = '0b9f6a1e-2c3d-4e5f-8a7b-9c0d1e2f3a4b';
const MEMBER = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
const OUTSIDER = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const PUB = '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f';
const LOGO = PublicationImageKind.PUBLICATION_IMAGE_KIND_LOGO;
const COVER = PublicationImageKind.PUBLICATION_IMAGE_KIND_COVER;

function row(over: Partial<PublicationRow> = {}): PublicationRow {
  return {
    id: PUB,
    ownerUid: OWNER,
    name: 'Daily Baku',
    nameKey: 'daily baku',
    slug: 'daily-baku',
    description: '',
    logoKey: null,
    coverKey: null,
    nameChangedAt: null,
    slugChangedAt: null,
    createdAt: NOW,
    updatedAt: NOW,
    ...over,
  };
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (AppError.is(error)) return error.code;
    throw error;
  }
  throw new Error('expected an AppError');
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 130, b: 90, alpha: 0.5 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();

/** A one-colour 1-bit PNG claiming width x height pixels in a few kilobytes (a decompression bomb). */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc((1 + Math.ceil(width / 8)) * height), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('PublicationImageProcessor', () => {
  const images = new PublicationImageProcessor();

  it('crops a logo to 200x200 and a cover to 1200x240, as JPEG without the metadata', async () => {
    const logo = await images.process('logo', await png(640, 480));
    expect(await sharp(logo).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 200 });
    expect(logo.toString('latin1')).not.toContain('secret-camera-owner');
    const jpeg = await sharp(await png(300, 300))
      .jpeg()
      .toBuffer();
    const cover = await images.process('cover', jpeg);
    expect(await sharp(cover).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 240 });
  });

  it('judges by content: text, GIF, a truncated PNG and nothing are refused with the format code of the kind', async () => {
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    expect(await codeOf(images.process('logo', Buffer.from('not an image')))).toBe('InvalidAvatarFormat');
    expect(await codeOf(images.process('cover', Buffer.from('not an image')))).toBe('InvalidCoverFormat');
    expect(await codeOf(images.process('logo', gif))).toBe('InvalidAvatarFormat');
    expect(await codeOf(images.process('cover', (await png(300, 300)).subarray(0, 200)))).toBe('InvalidCoverFormat');
    expect(await codeOf(images.process('logo', Buffer.alloc(0)))).toBe('InvalidAvatarFormat');
  });

  it('refuses more than 3 MB, and past 24 megapixels by the header, with the size code of the kind', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    expect(await codeOf(images.process('logo', big))).toBe('InvalidAvatarSize');
    expect(await codeOf(images.process('cover', big))).toBe('InvalidCoverSize');
    const bomb = pngBomb(6_000, 5_000);
    expect(bomb.length).toBeLessThan(100_000);
    expect(await codeOf(images.process('logo', bomb))).toBe('InvalidAvatarSize');
    expect(await codeOf(images.process('cover', bomb))).toBe('InvalidCoverSize');
  });
});

describe('PublicationImageService', () => {
  let publications: StrictMock<PublicationRepository>;
  let members: StrictMock<MemberRepository>;
  let images: StrictMock<PublicationImageProcessor>;
  let store: StrictMock<ObjectStore>;
  let outbox: StrictMock<Outbox>;
  let log: StrictMock<Logger>;
  let service: PublicationImageService;
  const stored = Buffer.from('jpeg bytes');
  const hash = createHash('sha256').update(stored).digest('hex').slice(0, 32);

  beforeEach(() => {
    publications = strictMock<PublicationRepository>('PublicationRepository');
    members = strictMock<MemberRepository>('MemberRepository');
    images = strictMock<PublicationImageProcessor>('PublicationImageProcessor');
    store = strictMock<ObjectStore>('ObjectStore');
    outbox = strictMock<Outbox>('Outbox');
    log = strictMock<Logger>('Logger');
    const clock = strictMock<Clock>('Clock');
    clock.now.mockReturnValue(NOW);
    service = new PublicationImageService(
      fakeTransactions() as never,
      publications,
      members,
      images,
      store,
      outbox,
      clock,
      log,
    );
    store.publicUrl.mockImplementation((key: string) => `/media/${key}`);
  });

  function actingAs(role: 'owner' | 'member' | undefined, publication = row()) {
    publications.find.mockResolvedValue(publication);
    publications.lock.mockResolvedValue(publication);
    members.roleOf.mockResolvedValue(role);
  }

  it('stores the logo under the publication folder, announces it and deletes the replaced object', async () => {
    actingAs('owner', row({ logoKey: `publications/${PUB}/logo-old.jpg` }));
    images.process.mockResolvedValue(stored);
    store.put.mockResolvedValue(undefined);
    store.remove.mockResolvedValue(undefined);
    const key = `publications/${PUB}/logo-${hash}.jpg`;
    publications.update.mockResolvedValue(row({ logoKey: key }));
    outbox.add.mockResolvedValue('event');

    const answer = await service.upload({ actorUid: OWNER, publicationId: PUB, kind: LOGO, image: Buffer.from('png') });

    expect(answer).toEqual({ url: `/media/${key}`, objectKey: key });
    expect(images.process).toHaveBeenCalledWith('logo', Buffer.from('png'));
    expect(store.put).toHaveBeenCalledWith(key, stored, 'image/jpeg');
    expect(publications.update).toHaveBeenCalledWith(TX, PUB, { logoKey: key, updatedAt: NOW });
    const [, event] = outbox.add.mock.calls[0]!;
    expect(event.subject).toBe(EVENTS.publicationUpdated.subject);
    expect(PublicationUpdated.decode(event.payload)).toMatchObject({ publicationId: PUB, logoKey: key });
    expect(store.remove).toHaveBeenCalledWith(`publications/${PUB}/logo-old.jpg`);
  });

  it('changes nothing and deletes nothing when the same cover is uploaded again', async () => {
    const key = `publications/${PUB}/cover-${hash}.jpg`;
    actingAs('owner', row({ coverKey: key }));
    images.process.mockResolvedValue(stored);
    store.put.mockResolvedValue(undefined);
    expect(
      await service.upload({ actorUid: OWNER, publicationId: PUB, kind: COVER, image: Buffer.from('png') }),
    ).toEqual({ url: `/media/${key}`, objectKey: key });
    expect(publications.update).not.toHaveBeenCalled();
    expect(store.remove).not.toHaveBeenCalled();
  });

  it('refuses a member and an outsider before decoding anything, and an unknown publication', async () => {
    const upload = (actorUid: string) =>
      service.upload({ actorUid, publicationId: PUB, kind: LOGO, image: Buffer.from('png') });
    actingAs('member');
    expect(await codeOf(upload(MEMBER))).toBe('ActorNotPublicationOwner');
    actingAs(undefined);
    expect(await codeOf(upload(OUTSIDER))).toBe('ActorNotPublicationMember');
    publications.find.mockResolvedValue(undefined);
    expect(await codeOf(upload(OWNER))).toBe('PublicationNotFound');
    expect(images.process).not.toHaveBeenCalled();
    expect(store.put).not.toHaveBeenCalled();
  });

  it('stores nothing when the image is refused, and refuses an unspecified kind', async () => {
    actingAs('owner');
    images.process.mockRejectedValue(new AppError('InvalidCoverSize'));
    expect(
      await codeOf(service.upload({ actorUid: OWNER, publicationId: PUB, kind: COVER, image: Buffer.from('x') })),
    ).toBe('InvalidCoverSize');
    expect(store.put).not.toHaveBeenCalled();
    expect(
      await codeOf(
        service.upload({
          actorUid: OWNER,
          publicationId: PUB,
          kind: PublicationImageKind.PUBLICATION_IMAGE_KIND_UNSPECIFIED,
          image: Buffer.from('x'),
        }),
      ),
    ).toBe('InvalidModel');
  });

  it('deletes the stored object when the publication went while it was processed', async () => {
    publications.find.mockResolvedValue(row());
    members.roleOf.mockResolvedValue('owner');
    publications.lock.mockResolvedValue(undefined);
    images.process.mockResolvedValue(stored);
    store.put.mockResolvedValue(undefined);
    store.remove.mockResolvedValue(undefined);
    expect(
      await codeOf(service.upload({ actorUid: OWNER, publicationId: PUB, kind: LOGO, image: Buffer.from('png') })),
    ).toBe('PublicationNotFound');
    expect(store.remove).toHaveBeenCalledWith(`publications/${PUB}/logo-${hash}.jpg`);
  });

  it('removes the cover and its object; a member is refused', async () => {
    actingAs('owner', row({ coverKey: `publications/${PUB}/cover-1.jpg` }));
    publications.update.mockResolvedValue(row());
    outbox.add.mockResolvedValue('event');
    store.remove.mockResolvedValue(undefined);
    await service.remove({ actorUid: OWNER, publicationId: PUB, kind: COVER });
    expect(publications.update).toHaveBeenCalledWith(TX, PUB, { coverKey: null, updatedAt: NOW });
    expect(store.remove).toHaveBeenCalledWith(`publications/${PUB}/cover-1.jpg`);
    actingAs('member');
    expect(await codeOf(service.remove({ actorUid: MEMBER, publicationId: PUB, kind: COVER }))).toBe(
      'ActorNotPublicationOwner',
    );
  });

  it('keeps the deprecated SetPublicationImage to clearing: a key is InvalidModel', async () => {
    expect(await codeOf(service.clear({ actorUid: OWNER, publicationId: PUB, kind: LOGO, objectKey: 'any/key' }))).toBe(
      'InvalidModel',
    );
    actingAs('owner', row({ logoKey: `publications/${PUB}/logo-1.jpg` }));
    publications.update.mockResolvedValue(row());
    outbox.add.mockResolvedValue('event');
    store.remove.mockResolvedValue(undefined);
    expect(await service.clear({ actorUid: OWNER, publicationId: PUB, kind: LOGO, objectKey: '' })).toEqual({
      previousObjectKey: `publications/${PUB}/logo-1.jpg`,
    });
    expect(store.remove).toHaveBeenCalledWith(`publications/${PUB}/logo-1.jpg`);
  });
});

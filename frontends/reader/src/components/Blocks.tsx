import { Fragment } from 'react';
import { headingLevels, readBlock, type ListItem, type ReadBlock } from '../lib/blocks.js';
import { plainText, sanitizeInline } from '../lib/sanitize.js';
import { useReaderTranslation } from '../i18n.js';
import type { ViewerImage } from './ImageViewer.js';
import { InlineHtml } from './InlineHtml.js';

function List({ style, items }: { style: 'ordered' | 'unordered'; items: ListItem[] }) {
  const Tag = style === 'ordered' ? 'ol' : 'ul';
  return (
    <Tag className="pc-block-list">
      {items.map((item, index) => (
        <li key={index}>
          <InlineHtml html={item.content} />
          {item.items.length > 0 && <List style={style} items={item.items} />}
        </li>
      ))}
    </Tag>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

function BlockView({
  block,
  headingLevel = 2,
  onOpenImage,
}: {
  block: ReadBlock;
  headingLevel?: number;
  /** Set on image blocks when the page has an image viewer: the image becomes a button that opens it. */
  onOpenImage?: (() => void) | undefined;
}) {
  const { t } = useReaderTranslation();
  switch (block.type) {
    case 'paragraph':
      return (
        <p>
          <InlineHtml html={block.text} />
        </p>
      );
    case 'header': {
      // The article title is the page's h1: see headingLevels.
      const Tag = `h${headingLevel}` as 'h2';
      return (
        <Tag className={`pc-block-h${block.level}`}>
          <InlineHtml html={block.text} />
        </Tag>
      );
    }
    case 'quote':
      return (
        <figure className={`pc-block-quote pc-block-quote--${block.alignment}`}>
          <blockquote>
            <InlineHtml html={block.text} />
          </blockquote>
          {block.caption && (
            <figcaption>
              <InlineHtml html={block.caption} />
            </figcaption>
          )}
        </figure>
      );
    case 'list':
      return <List style={block.style} items={block.items} />;
    case 'image': {
      const classes = ['pc-block-image'];
      if (block.withBorder) classes.push('pc-block-image--border');
      if (block.withBackground) classes.push('pc-block-image--background');
      if (block.stretched) classes.push('pc-block-image--stretched');
      const alt = imageAlt(block.caption) || t('article.image');
      const image = <img src={block.url} alt={alt} loading="lazy" />;
      return (
        <figure className={classes.join(' ')}>
          {onOpenImage ? (
            <button
              type="button"
              className="pc-block-image__open"
              onClick={onOpenImage}
              aria-haspopup="dialog"
              title={t('viewer.open')}
            >
              {image}
            </button>
          ) : (
            image
          )}
          {block.caption && (
            <figcaption>
              <InlineHtml html={block.caption} />
            </figcaption>
          )}
        </figure>
      );
    }
    case 'link':
      return (
        <a className="pc-block-link" href={block.link} rel="noopener nofollow ugc" target="_blank">
          <span className="pc-block-link__title">{block.title || hostOf(block.link)}</span>
          {block.description && <span className="pc-block-link__description">{block.description}</span>}
          <span className="pc-block-link__url">{hostOf(block.link)}</span>
        </a>
      );
    case 'table': {
      const [head, ...body] = block.content;
      const rows = block.withHeadings ? body : block.content;
      return (
        <div className="pc-block-table" role="region" tabIndex={0}>
          <table>
            {block.withHeadings && head && (
              <thead>
                <tr>
                  {head.map((cell, index) => (
                    <th key={index} scope="col">
                      <InlineHtml html={cell} />
                    </th>
                  ))}
                </tr>
              </thead>
            )}
            <tbody>
              {rows.map((row, r) => (
                <tr key={r}>
                  {row.map((cell, c) => (
                    <td key={c}>
                      <InlineHtml html={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'code':
      return (
        <pre className="pc-block-code" aria-label={t('article.code')} tabIndex={0}>
          <code>{block.code}</code>
        </pre>
      );
    case 'video':
      return (
        <figure className="pc-block-video">
          <div className="pc-block-video__frame">
            <iframe
              src={block.embed}
              title={plainText(sanitizeInline(block.caption)) || t('article.video')}
              loading="lazy"
              allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
            />
          </div>
          {block.caption && (
            <figcaption>
              <InlineHtml html={block.caption} />
            </figcaption>
          )}
        </figure>
      );
  }
}

function imageAlt(caption: string): string {
  return plainText(sanitizeInline(caption));
}

function readBlocks(blocks: unknown) {
  return (Array.isArray(blocks) ? blocks : []).map((raw: unknown, index) => ({
    block: readBlock(raw),
    id: typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : `b${index}`,
  }));
}

/** The article's images in reading order, as the image viewer shows them. */
export function articleImages(blocks: unknown, fallbackAlt: string): ViewerImage[] {
  return readBlocks(blocks).flatMap(({ block }) =>
    block?.type === 'image'
      ? [{ src: block.url, alt: imageAlt(block.caption) || fallbackAlt, caption: block.caption }]
      : [],
  );
}

/**
 * An article's content, block by block. With `onOpenImage`, each image opens the viewer at its place among the
 * article's images (the order of `articleImages`).
 */
export function Blocks({ blocks, onOpenImage }: { blocks: unknown; onOpenImage?: (index: number) => void }) {
  const list = readBlocks(blocks);
  const levels = headingLevels(list.flatMap(({ block }) => (block?.type === 'header' ? [block.level] : [])));
  let heading = 0;
  let image = 0;
  return (
    <>
      {list.map(({ block, id }) => {
        if (!block) return null;
        const imageIndex = block.type === 'image' ? image++ : -1;
        return (
          <Fragment key={id}>
            <BlockView
              block={block}
              headingLevel={block.type === 'header' ? levels[heading++] : undefined}
              onOpenImage={onOpenImage && imageIndex >= 0 ? () => onOpenImage(imageIndex) : undefined}
            />
          </Fragment>
        );
      })}
    </>
  );
}

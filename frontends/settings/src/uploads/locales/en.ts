// The uploads log's strings in English, the reference: az and ru have exactly these keys (checked by the types and
// uploads/locales.spec.ts). The namespace `uploads` is the settings remote's, loaded per language when first needed.
const en = {
  title: 'Images you uploaded',
  text: 'Images you added to drafts and articles in the editor, newest first. An image no draft or article uses is removed by itself a day after its upload; you can delete it sooner here.',
  notListed:
    'Your profile picture, banner and publication logo and cover are not listed: they are replaced when you upload new ones.',
  empty: 'You have not uploaded any images in the editor.',
  alt: 'Image uploaded on {{date}}',
  size: 'Size',
  dimensions: 'Dimensions',
  pixels: '{{width}} × {{height}} px',
  uploaded: 'Uploaded',
  usedIn: 'Used in',
  unused: 'Not used',
  draft: 'Draft: {{title}}',
  article: 'Article: {{title}}',
  untitled: 'untitled',
  units: {
    b: '{{value}} B',
    kb: '{{value}} KB',
    mb: '{{value}} MB',
  },
  delete: 'Delete',
  deleteNamed: 'Delete the image uploaded on {{date}}',
  confirmTitle: 'Delete this image?',
  confirmText: 'The image and all of its sizes are deleted for good. No draft or article of yours uses it.',
  confirm: 'Delete image',
  cancel: 'Keep it',
  deleted: 'The image was deleted.',
  more: 'Show older images',
};

export type UploadsMessages = typeof en;
export default en;

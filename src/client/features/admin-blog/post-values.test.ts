import { describe, expect, it } from 'vitest';
import { createPostBody, type AdminPostDto } from '../../../shared/blog.ts';
import { changedFields, valuesOf } from './post-values.ts';

const stored: AdminPostDto = {
  id: '0b5c1f4e-8a4e-4c2b-9a7e-3f0f3d0a9c11',
  title: 'Keeping Codes Safe',
  slug: 'keeping-codes-safe',
  excerpt: 'What every team should know.',
  content: '## Why\n\nBecause.',
  author: 'Dana Reyes',
  category: 'Security',
  featured: false,
  published: true,
  readTime: '7 min read',
  viewCount: 3,
  likeCount: 0,
  metaDescription: null,
  metaKeywords: 'sms, codes',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-01-05T10:00:00.000Z',
};

/** The form's values after the schema (what the submit handler receives). */
const submitted = (changes: Record<string, unknown> = {}) =>
  createPostBody.parse({ ...valuesOf(stored), ...changes });

describe('post form values', () => {
  it('a new post starts from the defaults', () => {
    expect(valuesOf(null)).toEqual({
      title: '',
      slug: '',
      excerpt: '',
      content: '',
      author: 'VOIP Manager Team',
      category: 'General',
      featured: false,
      published: true,
      readTime: '5 min read',
      metaDescription: '',
      metaKeywords: '',
    });
  });

  it('an untouched stored post has no changes (empty meta text stays null)', () => {
    expect(changedFields(stored, submitted())).toEqual({});
  });

  it('whitespace the schema trims away is no change', () => {
    expect(changedFields(stored, submitted({ title: '  Keeping Codes Safe ' }))).toEqual({});
  });

  it('sends only the changed fields', () => {
    expect(
      changedFields(
        stored,
        submitted({ excerpt: 'New summary', featured: true, metaDescription: 'Meta' }),
      ),
    ).toEqual({ excerpt: 'New summary', featured: true, metaDescription: 'Meta' });
  });

  it('clearing optional meta text sends null', () => {
    expect(changedFields(stored, submitted({ metaKeywords: '   ' }))).toEqual({
      metaKeywords: null,
    });
  });

  it('a changed 200 KB content is sent, and only it', () => {
    const content = 'x'.repeat(200_000);
    expect(changedFields(stored, submitted({ content }))).toEqual({ content });
  });
});

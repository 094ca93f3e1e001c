import { describe, expect, test } from 'vitest';
import { videoId } from './video-link';

const ID = 'dQw4w9WgXcQ';

describe('videoId', () => {
  test.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&t=42s`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=abc&t=10`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}/`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `https://m.youtube.com/live/${ID}`,
    `https://WWW.YOUTUBE.COM/watch?v=${ID}`,
  ])('finds the id in %s', (href) => {
    expect(videoId(href)).toBe(ID);
  });

  test('ids use letters, digits, dashes and underscores', () => {
    expect(videoId('https://youtu.be/a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
  });

  test.each([
    ['too short', 'https://www.youtube.com/watch?v=dQw4w9WgXc'],
    ['too long', 'https://www.youtube.com/watch?v=dQw4w9WgXcQQ'],
    ['bad characters', 'https://www.youtube.com/watch?v=dQw4w9WgX$Q'],
    ['no id', 'https://www.youtube.com/watch'],
    ['empty id', 'https://www.youtube.com/watch?v='],
    ['empty short link', 'https://youtu.be/'],
    ['extra path on the short domain', `https://youtu.be/${ID}/more`],
    ['channel page', 'https://www.youtube.com/@somechannel'],
    ['embed path', `https://www.youtube.com/embed/${ID}`],
    ['playlist', 'https://www.youtube.com/playlist?list=PL1234567890'],
  ])('no id for a bad link: %s', (_, href) => {
    expect(videoId(href)).toBeNull();
  });

  test.each([
    'https://vimeo.com/76979871',
    `https://notyoutube.com/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/youtu.be/${ID}`,
    `https://music.youtube.com/watch?v=${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
  ])('no id for another host: %s', (href) => {
    expect(videoId(href)).toBeNull();
  });

  test.each([
    `ftp://youtube.com/watch?v=${ID}`,
    `javascript://youtube.com/watch?v=${ID}`,
    `data:text/html,https://youtu.be/${ID}`,
    `www.youtube.com/watch?v=${ID}`,
    `//youtu.be/${ID}`,
    'not a url',
  ])('no id without an http or https address: %s', (href) => {
    expect(videoId(href)).toBeNull();
  });
});

import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, test } from 'vitest';
import { ImageGallery } from '../src/features/posts/components/ImageGallery';
import { makeImage } from './post-fixtures';
import { renderWithApp } from './render';

const images = [
  makeImage({ altText: 'A harbour' }),
  makeImage({ altText: 'A forest' }),
  makeImage({ altText: null }),
];

function Gallery() {
  const [index, setIndex] = useState(0);
  return (
    <>
      <label>
        Comment
        <input />
      </label>
      <ImageGallery images={images} title="Weekend walk" index={index} onIndexChange={setIndex} />
    </>
  );
}

const shown = () => screen.getByRole('figure').querySelector('img')!.getAttribute('alt');

describe('ImageGallery', () => {
  test('Next and Previous wrap around at both ends', async () => {
    const { user } = renderWithApp(<Gallery />);
    expect(shown()).toBe('A harbour');
    expect(screen.getByText('Image 1 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(shown()).toBe('Weekend walk');
    expect(screen.getByText('Image 3 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toBe('A harbour');
    await user.click(screen.getByRole('button', { name: 'Next image' }));
    expect(shown()).toBe('A forest');
  });

  test('an image without alt text is described by the post title', async () => {
    const { user } = renderWithApp(<Gallery />);
    await user.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(screen.getByRole('img', { name: 'Weekend walk' })).toBeTruthy();
  });

  test('a finger swiped sideways turns the image; a short, upright or mouse drag does not', () => {
    renderWithApp(<Gallery />);
    const frame = screen.getByRole('figure').querySelector('img')!.parentElement!;
    const drag = (pointerType: string, from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(frame, { pointerType, clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(frame, { pointerType, clientX: to[0], clientY: to[1] });
    };
    drag('touch', [300, 200], [200, 210]);
    expect(shown()).toBe('A forest');
    drag('touch', [100, 200], [250, 190]);
    expect(shown()).toBe('A harbour');
    drag('touch', [100, 200], [130, 200]); // too short
    drag('touch', [100, 100], [160, 300]); // scrolling the page
    drag('mouse', [300, 200], [100, 200]);
    expect(shown()).toBe('A harbour');
  });

  test('the arrow keys move through the images, wrapping', async () => {
    const { user } = renderWithApp(<Gallery />);
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('A forest');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(shown()).toBe('Weekend walk');
  });

  test('but not while typing in a field', async () => {
    const { user } = renderWithApp(<Gallery />);
    await user.click(screen.getByRole('textbox', { name: 'Comment' }));
    await user.keyboard('{ArrowRight}');
    expect(shown()).toBe('A harbour');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(shown()).toBe('A forest');
  });

  test('a single image has no buttons', () => {
    renderWithApp(
      <ImageGallery images={[images[0]!]} title="One" index={0} onIndexChange={() => undefined} />,
    );
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    expect(screen.queryByText(/Image 1 of/)).toBeNull();
  });
});

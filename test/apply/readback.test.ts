// What a write sent that the service holds in its own terms: said once in the
// report, and never taken for a difference to write again.
import { describe, expect, it } from 'vitest';
import type { RenderOptions, VideoSettings } from '../../src/service-client/types.ts';
import { readBackFields, readBackRender } from '../../src/apply/readback.ts';
import { contentDetail } from '../support/service-fakes.ts';

describe('readBackFields', () => {
  it('notes a script the service stored with its own line ends and trimmed spaces', () => {
    const detail = contentDetail({ full_text: 'One\nTwo', textover: 'Said' });
    expect(readBackFields({ full_text: 'One  \r\nTwo\n', textover: ' Said ' }, detail)).toEqual([
      { field: 'full_text', how: 'normalised_text' },
      { field: 'textover', how: 'normalised_text' },
    ]);
  });

  it('notes nothing for a text held as sent, or held as another text altogether', () => {
    const detail = contentDetail({ full_text: 'One\nTwo' });
    expect(readBackFields({ full_text: 'One\nTwo' }, detail)).toEqual([]);
    expect(readBackFields({ full_text: 'Three' }, detail)).toEqual([]);
  });

  it('notes fine tuning the service filled with its defaults, keeping every value sent', () => {
    const detail = contentDetail({ fine_tuning: { pace: 'slow', tone: 'warm' } });
    expect(readBackFields({ fine_tuning: { pace: 'slow' } }, detail)).toEqual([
      { field: 'fine_tuning', how: 'filled_defaults' },
    ]);
    expect(readBackFields({ fine_tuning: { pace: 'fast' } }, detail)).toEqual([]);
    expect(readBackFields({ fine_tuning: { pace: 'slow', tone: 'warm' } }, detail)).toEqual([]);
  });

  it('notes a persona the service did not take', () => {
    expect(readBackFields({ persona_id: 'p-1' }, contentDetail({ persona: null }))).toEqual([
      { field: 'persona', how: 'ignored' },
    ]);
    expect(
      readBackFields({ persona_id: 'p-1' }, contentDetail({ persona: { id: 'p-1', name: 'P' } })),
    ).toEqual([]);
  });
});

describe('readBackRender', () => {
  const sent = (subtitle_settings: RenderOptions['subtitle_settings']): RenderOptions => ({
    video_id: 'stock',
    orientation: 'vertical',
    subtitle_settings,
  });
  const held = (subtitle_settings: VideoSettings['subtitle_settings']) =>
    contentDetail({ video_settings: { subtitle_settings } as VideoSettings });

  it('notes subtitle settings the service filled with its defaults', () => {
    expect(readBackRender(sent({ font: 'Inter' }), held({ font: 'Inter', size: 32 }))).toEqual([
      { field: 'video.subtitles', how: 'filled_defaults' },
    ]);
  });

  it('notes nothing for settings held as sent, held otherwise, not sent, or with no settings shown', () => {
    expect(readBackRender(sent({ font: 'Inter' }), held({ font: 'Inter' }))).toEqual([]);
    expect(readBackRender(sent({ font: 'Inter' }), held({ font: 'Arial', size: 32 }))).toEqual([]);
    expect(readBackRender(sent(undefined), held({ font: 'Inter' }))).toEqual([]);
    expect(readBackRender(sent({ font: 'Inter' }), contentDetail({ video_settings: null }))).toEqual([]);
  });
});

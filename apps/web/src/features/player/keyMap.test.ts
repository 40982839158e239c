import { describe, expect, it } from 'vitest';
import {
  IMAGE_SHORTCUTS,
  MEDIA_SHORTCUTS,
  imageCommandForKey,
  mediaCommandForKey,
  playerTakesKey,
  viewCommandForKey,
  type KeyPress,
} from './keyMap.ts';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});

describe('media player keys', () => {
  it.each([
    [press(' '), 'togglePlay'],
    [press('k'), 'stop'],
    [press('K', { shiftKey: true }), 'stop'],
    [press('j'), 'slower'],
    [press('l'), 'faster'],
    [press('L'), 'faster'],
    [press('ArrowLeft'), 'back1'],
    [press('ArrowRight'), 'forward1'],
    [press('ArrowLeft', { shiftKey: true }), 'back10'],
    [press('ArrowRight', { shiftKey: true }), 'forward10'],
    [press(','), 'previousFrame'],
    [press('.'), 'nextFrame'],
    // AZERTY: '.' is Shift+;
    [press('.', { shiftKey: true }), 'nextFrame'],
    [press('ArrowUp'), null],
    [press('a'), null],
    [press('l', { ctrlKey: true }), null],
    [press('ArrowLeft', { altKey: true }), null],
    [press(' ', { metaKey: true }), null],
  ])('%j does %s', (key, command) => {
    expect(mediaCommandForKey(key)).toBe(command);
  });

  it('has a shortcut to show for every command', () => {
    for (const keys of Object.values(MEDIA_SHORTCUTS)) expect(keys.length).toBeGreaterThan(0);
  });
});

describe('view keys (sound and size)', () => {
  it.each([
    [press('m'), 'toggleMute'],
    [press('M', { shiftKey: true }), 'toggleMute'],
    [press('f'), 'toggleFullscreen'],
    [press('F'), 'toggleFullscreen'],
    [press('f', { ctrlKey: true }), null],
    [press('m', { metaKey: true }), null],
    [press(' '), null],
  ])('%j does %s', (key, command) => {
    expect(viewCommandForKey(key)).toBe(command);
  });
});

describe('image viewer keys', () => {
  it.each([
    [press('+', { shiftKey: true }), 'zoomIn'],
    [press('='), 'zoomIn'],
    [press('-'), 'zoomOut'],
    [press('0'), 'zoomFit'],
    [press('1'), 'zoomActual'],
    [press('+', { ctrlKey: true }), null],
    [press('-', { metaKey: true }), null],
    [press('0', { ctrlKey: true }), null],
    [press(' '), null],
  ])('%j does %s', (key, command) => {
    expect(imageCommandForKey(key)).toBe(command);
  });

  it('has a shortcut to show for every command', () => {
    for (const keys of Object.values(IMAGE_SHORTCUTS)) expect(keys.length).toBeGreaterThan(0);
  });
});

describe('which key presses the player takes', () => {
  it.each([
    ['in the player', { insidePlayer: true, editable: false, interactive: false }, true],
    ['on a player button', { insidePlayer: true, editable: false, interactive: true }, true],
    ['with nothing focused', { insidePlayer: false, editable: false, interactive: false }, true],
    ['in a text field on the page', { insidePlayer: false, editable: true, interactive: true }, false],
    ['in a text field inside the player', { insidePlayer: true, editable: true, interactive: true }, false],
    ['on another button of the page', { insidePlayer: false, editable: false, interactive: true }, false],
  ])('%s: %s', (_where, target, takes) => {
    expect(playerTakesKey(target)).toBe(takes);
  });
});

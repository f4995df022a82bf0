import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { iconLabel, labelOfControl } from './hit-labels.js';

describe('labels of controls found by hit-testing', () => {
  it('says what common icons mean, and names the rest in words', () => {
    assert.equal(iconLabel('chevron_left'), 'back');
    assert.equal(iconLabel('arrow_back_ios_new'), 'back');
    assert.equal(iconLabel('icon-back'), 'back');
    assert.equal(iconLabel('more_vert'), 'more');
    assert.equal(iconLabel('favorite_border'), 'like');
    assert.equal(iconLabel('ion-md-menu'), 'menu');
    assert.equal(iconLabel('chevron_left_ios'), 'back');
    assert.equal(iconLabel('ios-back-button-icon'), 'back');
    assert.equal(iconLabel('zmdi-share'), 'share');
    assert.equal(iconLabel('local_shipping'), 'local shipping');
  });

  it('takes what the page says first, then text, then the icon, then a caption; nothing when none', () => {
    assert.equal(labelOfControl({ aria: 'Compose', icon: 'add', text: '+' }), 'Compose');
    assert.equal(labelOfControl({ title: 'Cart', icon: 'shopping_cart' }), 'Cart');
    assert.equal(labelOfControl({ text: 'Archive', nearby: 'x' }), 'Archive');
    assert.equal(labelOfControl({ icon: 'arrow_back' }), 'back');
    assert.equal(labelOfControl({ nearby: 'Orders' }), 'Orders');
    assert.equal(labelOfControl({}), undefined);
  });

  it('reads an icon identifier the page gives as a name for what it means, and keeps other names', () => {
    assert.equal(labelOfControl({ title: 'ios-back-button-icon' }), 'back');
    assert.equal(labelOfControl({ aria: 'sign-in' }), 'sign-in');
    assert.equal(labelOfControl({ text: 'Back to top' }), 'Back to top');
  });
});

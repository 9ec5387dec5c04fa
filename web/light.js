// The light board (issue 71): a board playable within seconds of opening the page, drawn in SVG and driven by the
// game's own rules and computer (crates/fanorona-light, a small wasm module), while the full game downloads; and the
// game itself where the full game cannot start (no WebGL2). Nothing of the rules is decided here: the engine says
// which pieces move, where, by which ways, and what each way takes. Every word comes from the game's translation
// files, through `t` (index.html).

const SVG = 'http://www.w3.org/2000/svg';
const COLUMNS = 'abcdefghi';
// The lattice's spacing, in the SVG's units.
const STEP = 100;
// Nodes of the computer's search per slice: a few milliseconds on a slow phone, so that taps are answered meanwhile.
const THINK_BUDGET = 4000;
/** Every point's name, a1 to i5. */
const POINTS = [...COLUMNS].flatMap((c) => [1, 2, 3, 4, 5].map((r) => `${c}${r}`));
/** The computer's levels, weakest first, as the engine names them. */
const LEVELS = ['beginner', 'casual', 'classic', 'strong', 'master'];
// Where the game under way is kept across a reload, in the browser's local storage beside the game's own entries
// (`fanorona/...`): its turns in the notation, the computer's level and the person's side, as JSON. One that cannot be
// read is kept aside under KEPT_ASIDE, as the game does with its own entries, and the player told.
const KEPT = 'fanorona/light-game.json';
const KEPT_ASIDE = 'fanorona/light-game.json.bad';

/** The pieces of position text (`bbbbbbbbb/.../wwwwwwwww w 0 -`): a map from point name to 'w' or 'b'. */
function pieces(text) {
  const map = new Map();
  text.split(' ')[0].split('/').forEach((row, i) => {
    let x = 0;
    for (const c of row) {
      if (c >= '1' && c <= '9') x += Number(c);
      else map.set(`${COLUMNS[x++]}${5 - i}`, c);
    }
  });
  return map;
}

/** Names separated by spaces (the engine's lists), as an array. */
const list = (names) => names.split(' ').filter(Boolean);

/** The element `e` with its attributes and text, added to `parent`. */
const add = (e, attributes, parent, text) => {
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  parent?.appendChild(e);
  return e;
};
const svg = (name, attributes, parent) => add(document.createElementNS(SVG, name), attributes, parent);
const html = (name, attributes, parent, text) => add(document.createElement(name), attributes, parent, text);

/**
 * The light board in `root`: `LightGame` the engine's class, `t(id, args)` the game's messages, `say(text)` what
 * the live region reads out.
 */
export class LightBoard {
  constructor({ LightGame, root, t, say }) {
    Object.assign(this, { LightGame, root, t, say });
    this.level = 'casual';
    this.white = true;
    this.build();
    if (!this.resumeKept()) this.newGame();
  }

  /** The game kept by an earlier visit, if there is one; one that cannot be read is set aside and the player told. */
  resumeKept() {
    let text = null;
    try {
      text = localStorage.getItem(KEPT);
    } catch {
      return false; // no local storage (a private window, a setting): nothing was kept
    }
    if (!text) return false;
    try {
      const { turns, level, white } = JSON.parse(text);
      this.game = this.LightGame.fromTurns(turns, level, white, Date.now() % 1e9);
      [this.level, this.white, this.kept] = [level, white, text];
    } catch (e) {
      try {
        localStorage.setItem(KEPT_ASIDE, text);
        localStorage.removeItem(KEPT);
      } catch {
        // Storage refused: the entry stays, and is read again next time.
      }
      this.problem.textContent = this.t('stored-kept-in-browser',
        { what: 'game', reason: 'text', problem: String(e?.message ?? e), aside: KEPT_ASIDE });
      this.problem.hidden = false;
      return false;
    }
    this.start();
    return true;
  }

  /** Keeps the game under way for the next visit (and forgets a finished one, or one the full game took over). */
  keep() {
    const text = this.root.hidden || !this.underWay()
      ? null : JSON.stringify({ turns: this.game.turns(), level: this.level, white: this.white });
    if (text !== this.kept) this.store(text);
  }

  /** Keeps `text` as the game for the next visit, or forgets the kept one (null). */
  store(text) {
    try {
      if (text) localStorage.setItem(KEPT, text);
      else localStorage.removeItem(KEPT);
      this.kept = text;
    } catch {
      // A full or refused storage, or none: the game goes on, unkept, and keeping is tried again at the next turn.
    }
  }

  /** A new game at the chosen level and side. */
  newGame() {
    this.game?.free();
    this.game = new this.LightGame(this.level, this.white, Date.now() % 1e9);
    this.start();
  }

  /** The board set up for the game in `this.game`, and the computer's turn begun if it is its turn. */
  start() {
    this.selected = null;
    this.choice = null;
    this.thinking = false;
    this.closeDialog();
    this.drawLattice();
    this.update();
    this.computerPlays();
  }

  /** Whether a turn was played on the light board (a new game would lose it). */
  played() {
    return this.game.lastTurn() !== '';
  }

  /** Whether a game with turns is on the board and not over: what a new game or the full game would lose. */
  underWay() {
    return this.played() && !this.game.outcome();
  }

  build() {
    this.root.replaceChildren();
    this.status = html('p', { class: 'light-status' }, this.root);
    this.problem = html('p', { class: 'light-problem', role: 'alert', hidden: '' }, this.root);
    this.svg = svg('svg', { class: 'light-board' }, this.root);
    this.lattice = svg('g', { stroke: '#4d301a', 'stroke-width': 5, 'stroke-linecap': 'round' }, this.svg);
    this.layer = svg('g', {}, this.svg);
    this.svg.addEventListener('click', (event) => this.clicked(this.pointAt(event)));
    const bar = html('div', { class: 'light-bar' }, this.root);
    this.stopButton = html('button', { type: 'button' }, bar);
    this.stopButton.addEventListener('click', () => this.stop());
    this.undoButton = html('button', { type: 'button' }, bar);
    this.undoButton.addEventListener('click', () => this.undo());
    this.newButton = html('button', { type: 'button' }, bar);
    this.newButton.addEventListener('click', () => this.openNewGame());
    this.choiceBar = html('div', { class: 'light-bar', hidden: '' }, this.root);
    // The move box, as the full game's (K): a turn in the notation, or a question (`?`, `d3?`).
    const form = html('form', { class: 'light-typed' }, this.root);
    const label = html('label', {}, form);
    html('span', {}, label, this.t('typed-title'));
    this.typedInput = html('input', {
      type: 'text', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', enterkeyhint: 'go',
      placeholder: 'e3-d3A', title: this.t('typed-help'),
    }, label);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.typedTurn(this.typedInput.value);
    });
    this.typedProblem = html('p', { class: 'light-problem light-typed-problem', role: 'alert', hidden: '' }, this.root);
    this.dialog = html('div', { class: 'light-dialog', role: 'dialog', hidden: '' }, this.root);
    this.footer = html('p', { class: 'light-footer' }, this.root);
    document.addEventListener('keydown', (event) => this.key(event));
    // A phone turned, a window resized: the board upright or across, whichever fits.
    window.addEventListener('resize', () => {
      if (this.portrait !== this.root.clientHeight > this.root.clientWidth) {
        this.drawLattice();
        this.render();
      }
    });
  }

  /**
   * The board's background, lines and names of rows and columns, drawn again when the side or the screen's shape
   * changes: the person's side nearest them, and on a screen taller than wide the board upright, row 1 on the left,
   * as the full game shows it on a phone.
   */
  drawLattice() {
    this.portrait = this.root.clientHeight > this.root.clientWidth;
    const [w, h] = this.portrait ? [4, 8] : [8, 4];
    this.svg.setAttribute('viewBox', `-90 -90 ${w * STEP + 180} ${h * STEP + 180}`);
    const lines = this.lattice;
    lines.replaceChildren();
    svg('rect', { x: -45, y: -45, width: w * STEP + 90, height: h * STEP + 90, rx: 14, fill: '#cc9e66', stroke: 'none' },
      lines);
    const line = (a, b) => {
      const [p, q] = [this.place(a), this.place(b)];
      svg('line', { x1: p.x, y1: p.y, x2: q.x, y2: q.y }, lines);
    };
    for (const name of POINTS) {
      const [c, r] = [COLUMNS.indexOf(name[0]), Number(name[1])];
      // Every point joins its neighbours along the rows and columns; the strong points (a1, c1, b2, ...) along the
      // diagonals too.
      const strong = (c + r - 1) % 2 === 0;
      for (const [dc, dr, diagonal] of [[1, 0, false], [0, 1, false], [1, 1, true], [1, -1, true]]) {
        const to = `${COLUMNS[c + dc] ?? ''}${r + dr}`;
        if ((!diagonal || strong) && POINTS.includes(to)) line(name, to);
      }
    }
    // The names of the columns beside row 1's edge, of the rows beside column a's, outside the board.
    const label = (text, name, beside) => {
      const [p, q] = [this.place(name), this.place(beside)];
      svg('text', {
        x: p.x + (p.x - q.x) * 0.7, y: p.y + (p.y - q.y) * 0.7, fill: '#eee3cf', stroke: 'none', 'font-size': 34,
        'text-anchor': 'middle', 'dominant-baseline': 'central', 'font-family': 'system-ui, sans-serif',
      }, lines).textContent = text;
    };
    for (const c of COLUMNS) label(c, `${c}1`, `${c}2`);
    for (let r = 1; r <= 5; r++) label(String(r), `a${r}`, `b${r}`);
  }

  /** A point's place in the SVG, by the board's orientation (see `drawLattice`). */
  place(name) {
    const [c, r] = [COLUMNS.indexOf(name[0]), Number(name.slice(1))];
    const [x, y] = this.portrait ? [r - 1, c] : [c, 5 - r];
    const [w, h] = this.portrait ? [4, 8] : [8, 4];
    return this.white ? { x: x * STEP, y: y * STEP } : { x: (w - x) * STEP, y: (h - y) * STEP };
  }

  /** The point nearest a click, if it is within 45% of the spacing. */
  pointAt(event) {
    const at = new DOMPoint(event.clientX, event.clientY).matrixTransform(this.svg.getScreenCTM().inverse());
    const near = POINTS.find((name) => {
      const p = this.place(name);
      return Math.hypot(at.x - p.x, at.y - p.y) <= 0.45 * STEP;
    });
    return near ?? null;
  }

  /** A click or tap on `point` (null: off the points): picks a piece, plays a step, or chooses a way. */
  clicked(point) {
    if (!point || !this.game.personToMove() || !this.dialog.hidden) return;
    if (this.choice) {
      // A piece of one of the two lines chooses its way, as on the full game's board.
      const way = this.choice.ways.find((w) => this.choice.takes[w].includes(point));
      if (way) this.stepTo(this.choice.to, way);
      else this.choice = null;
    } else if (this.selected && list(this.game.targets(this.selected)).includes(point)) {
      this.stepTo(point);
    } else if (!this.game.chainPoint() && list(this.game.movable()).includes(point)) {
      this.selected = point;
      this.say(this.t('say-picked', { point, to: list(this.game.targets(point)).join(', ') }));
    } else if (!this.game.chainPoint()) {
      this.selected = null;
    }
    this.update();
  }

  /** Plays the selected piece's step to `to`, asking approach or withdrawal first where both take. */
  stepTo(to, way = '') {
    const ways = list(this.game.ways(this.selected, to));
    if (!way && ways.length > 1) {
      // What each way takes, asked once: the buttons, the marks and a click on a piece all read it.
      const takes = Object.fromEntries(ways.map((w) => [w, list(this.game.takes(this.selected, to, w))]));
      this.choice = { to, ways, takes };
      this.say(this.t('say-choose', { point: to }));
      this.update();
      return;
    }
    const from = this.selected;
    way ||= ways[0];
    const taken = list(this.game.takes(from, to, way)).length;
    let result;
    try {
      result = this.game.step(from, to, way);
    } catch (e) {
      // The engine refuses what the rules refuse; the board only offers legal steps, so this is a defect: said.
      console.error(e);
      return;
    }
    this.choice = null;
    this.say(this.t('say-step', { side: this.white ? 'white' : 'black', from, to, kind: way, taken }));
    if (result === 'continue') {
      this.selected = to;
      this.say(this.t('say-go-on', { point: to, to: list(this.game.targets(to)).join(', ') }));
    } else {
      this.selected = null;
      this.turnOver();
    }
    this.update();
  }

  /** Ends the person's chain where it stands. */
  stop() {
    if (!this.game.chainPoint() || !this.game.canStop()) return;
    this.game.stop();
    this.selected = null;
    this.turnOver();
    this.update();
  }

  /** Takes back the chain's steps, or the person's last turn with the computer's reply. */
  undo() {
    if (this.thinking || !this.dialog.hidden) return;
    if (this.game.undo()) {
      this.selected = null;
      this.choice = null;
      this.update();
    }
  }

  /** After a turn: the game's end, or the computer's turn. */
  turnOver() {
    this.sayOutcome();
    this.computerPlays();
  }

  sayOutcome() {
    const outcome = this.game.outcome();
    if (outcome) this.say(this.outcomeText(outcome));
  }

  /** The game's end in words: `white all-captured` as the game's own message says it. */
  outcomeText(outcome) {
    const [winner, reason] = outcome.split(' ');
    return this.t(`game-outcome-${reason}`, { winner });
  }

  /** The computer's turn, a slice of its search at a time, the page answering taps between slices. */
  computerPlays() {
    if (this.game.personToMove() || this.game.outcome() || this.thinking) return;
    this.thinking = true;
    this.update();
    const game = this.game;
    const slice = () => {
      // A new game was started meanwhile, or the full game took over (`resume` goes on if it gives the board back).
      if (game !== this.game || this.root.hidden) return;
      const turn = game.think(THINK_BUDGET);
      if (!turn) {
        setTimeout(slice, 0);
        return;
      }
      this.thinking = false;
      this.saySteps(game.lastSteps().split(','), this.white ? 'black' : 'white');
      this.sayOutcome();
      this.update();
    };
    setTimeout(slice, 0);
  }

  /** Steps played by `side`, as the engine writes them (`f3 e3 withdrawal 1`), said one after the other. */
  saySteps(steps, side) {
    for (const step of steps) {
      const [from, to, kind, taken] = step.split(' ');
      this.say(this.t('say-step', { side, from, to, kind, taken: Number(taken) }));
    }
  }

  /**
   * What was typed in the move box: a question (`?` where the pieces stand, `d3?` what the piece on d3 can do), or a
   * turn, which the engine reads and plays whole, or refuses with the rules' reason, shown under the box.
   */
  typedTurn(text) {
    if (!this.dialog.hidden) return;
    this.typedProblem.hidden = true;
    const asked = /^(.*)\?$/.exec(text.trim());
    if (asked) {
      this.answer(asked[1].trim().toLowerCase());
      return;
    }
    let answer;
    try {
      answer = this.game.typed(text);
    } catch (e) {
      // The reason as the engine gives it: the message's id, then its arguments as name=value, a line each.
      const [id, ...args] = String(e).split('\n');
      this.refuse(id, Object.fromEntries(args.map((a) => [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)])));
      return;
    }
    this.typedInput.value = '';
    const [state, ...steps] = answer.split('\n');
    this.saySteps(steps, this.white ? 'white' : 'black');
    const [what, point, to] = state.split(' ');
    this.choice = null;
    if (what === 'choose') {
      this.selected = point;
      this.stepTo(to);
      return;
    }
    if (what === 'continue') {
      this.selected = point;
      this.say(this.t('say-go-on', { point, to: list(this.game.targets(point)).join(', ') }));
    } else {
      this.selected = null;
      this.turnOver();
    }
    this.update();
  }

  /** Why what was typed cannot be played: the message `id` with `args`, under the move box and read out. */
  refuse(id, args) {
    this.typedProblem.textContent = this.t(id, args);
    this.typedProblem.hidden = false;
  }

  /** The answer to a question typed in the move box: about `point`, or where the pieces stand if it is empty. */
  answer(point) {
    const board = pieces(this.game.board());
    if (!point) {
      for (const side of ['white', 'black']) {
        const points = [...board].filter(([, s]) => s === side[0]).map(([p]) => p).sort();
        this.say(this.t('say-pieces', { side, count: points.length, points: points.join(', ') }));
      }
      return;
    }
    if (!POINTS.includes(point)) {
      this.refuse('typed-not-a-point', { point });
      return;
    }
    const occupant = { w: 'white', b: 'black' }[board.get(point)] ?? 'empty';
    const picked = this.selected ?? this.game.chainPoint();
    const role = point === picked ? 'picked'
      : picked && list(this.game.targets(picked)).includes(point) ? 'destination'
        : !picked && list(this.game.movable()).includes(point) ? 'movable' : 'none';
    this.say(this.t('say-point', { point, occupant, role }));
    const targets = list(this.game.targets(point));
    if (!targets.length && occupant !== 'empty') this.say(this.t('say-cannot-move', { point }));
    const side = this.white ? 'white' : 'black';
    for (const to of targets) {
      for (const kind of list(this.game.ways(point, to))) {
        const taken = list(this.game.takes(point, to, kind)).length;
        this.say(this.t('say-step', { side, from: point, to, kind, taken }));
      }
    }
  }

  key(event) {
    if (this.root.hidden || event.target.closest?.('input, select, textarea')) return;
    if (event.key === 'Escape' && !this.dialog.hidden) this.closeDialog();
    else if (event.key === ' ' && this.game.chainPoint()) this.stop();
    else if (event.key === 'k' && !event.ctrlKey && !event.metaKey && !event.altKey) this.typedInput.focus();
    else if (this.choice && (event.key === 'a' || event.key === 'w')) {
      this.stepTo(this.choice.to, event.key === 'a' ? 'approach' : 'withdrawal');
    } else return;
    event.preventDefault();
  }

  /** The new game's dialog: the level, the side, and a word of warning when a game is under way. */
  openNewGame() {
    if (!this.dialog.hidden) return;
    const d = this.dialog;
    d.replaceChildren();
    if (this.underWay()) html('p', {}, d, this.t('game-confirm-new-game'));
    const level = html('select', {}, html('label', {}, d, this.t('menu-level')));
    for (const l of LEVELS) html('option', { value: l }, level, this.t('level-name', { level: l }));
    level.value = this.level;
    const side = html('select', {}, html('label', {}, d, this.t('menu-you-play')));
    for (const s of ['white', 'black']) html('option', { value: s }, side, this.t('side-name', { side: s }));
    side.value = this.white ? 'white' : 'black';
    this.answers(this.t('game-do-new-game'), () => {
      this.level = level.value;
      this.white = side.value === 'white';
      this.problem.hidden = true; // a kept game that could not be read: said once, until the player starts anew
      this.newGame();
    });
    d.hidden = false;
    level.focus();
  }

  /** The dialog's two answers: `label`, which closes it and calls `action`, and Cancel, which it returns. */
  answers(label, action) {
    const buttons = html('div', { class: 'light-bar' }, this.dialog);
    html('button', { type: 'button' }, buttons, label).addEventListener('click', () => {
      this.closeDialog();
      action();
    });
    const cancel = html('button', { type: 'button' }, buttons, this.t('game-cancel'));
    cancel.addEventListener('click', () => this.closeDialog());
    return cancel;
  }

  closeDialog() {
    this.dialog.hidden = true;
    this.dialog.replaceChildren();
  }

  /** Words under the board, about the full game (its download, or why it cannot start). */
  note(text) {
    this.footer.textContent = text;
  }

  /**
   * Words under the board with a button that calls `action`, which takes the game on to the full game: not in the
   * middle of a capture chain (the button waits for its end), as a turn is handed over whole or not at all.
   */
  offer(text, label, action) {
    this.note(text);
    this.offerButton = html('button', { type: 'button' }, this.footer, label);
    this.offerButton.style.marginLeft = '10px';
    this.offerButton.addEventListener('click', action);
    this.update();
  }

  /**
   * The game for the full game to go on with (src/game/hand_over.rs): its text record, the computer's level and the
   * person's side; none when no game is under way. The full game keeps it from now on, so this board forgets it (it
   * keeps it again if a failed start gives the board back).
   */
  handOver() {
    const game = this.underWay() ? { record: this.game.record(), level: this.level, white: this.white } : null;
    this.store(null);
    return game;
  }

  /** Shown again (the full game could not start): the computer goes on with its turn if it was thinking. */
  resume() {
    this.thinking = false;
    this.update();
    this.computerPlays();
  }

  /** The status line, the buttons and the board, as the game stands. */
  update() {
    const outcome = this.game.outcome();
    const chain = this.game.chainPoint();
    const side = this.white ? 'white' : 'black';
    this.status.textContent = outcome ? this.outcomeText(outcome)
      : this.thinking ? this.t('game-thinking')
        : this.choice ? this.t('game-choice-title')
          : chain ? this.t('game-capture-again')
            : this.t('game-to-move', { side: this.game.personToMove() ? side : side === 'white' ? 'black' : 'white' });
    this.stopButton.textContent = this.t('game-stop-here');
    this.stopButton.disabled = !(chain && this.game.canStop());
    this.undoButton.textContent = this.t('game-undo');
    this.undoButton.disabled = this.thinking || !this.played() && !chain;
    this.keep();
    if (this.offerButton) this.offerButton.disabled = !!chain;
    this.newButton.textContent = this.t('game-new-game');
    this.choiceBar.replaceChildren();
    this.choiceBar.hidden = !this.choice;
    for (const way of this.choice?.ways ?? []) {
      const count = this.choice.takes[way].length;
      const button = html('button', { type: 'button', class: way }, this.choiceBar, this.t(`game-choice-${way}`, { count }));
      button.addEventListener('click', () => this.stepTo(this.choice.to, way));
    }
    this.render();
  }

  render() {
    this.layer.replaceChildren();
    const board = pieces(this.game.board());
    const targets = this.selected && !this.choice ? list(this.game.targets(this.selected)) : [];
    const taking = new Map();
    for (const way of this.choice?.ways ?? []) {
      for (const p of this.choice.takes[way]) taking.set(p, way);
    }
    const movable = new Set(this.selected ? [] : list(this.game.movable()));
    // The last turn's path, under the pieces: what the computer just did, or the person.
    for (const step of this.game.lastSteps().split(',').filter(Boolean)) {
      const [p, q] = step.split(' ').slice(0, 2).map((name) => this.place(name));
      svg('line', {
        x1: p.x, y1: p.y, x2: q.x, y2: q.y, stroke: '#e6c34a', 'stroke-width': 16, 'stroke-opacity': 0.7,
        'stroke-linecap': 'round',
      }, this.layer);
    }
    for (const [name, side] of board) {
      const { x, y } = this.place(name);
      const ring = name === this.selected ? '#2f9e4b' : taking.get(name) === 'approach' ? '#c0392b'
        : taking.get(name) === 'withdrawal' ? '#2d6cdf' : movable.has(name) ? '#e6c34a' : null;
      svg('circle', {
        cx: x, cy: y, r: 34, fill: side === 'w' ? '#f5ebd6' : '#262930',
        stroke: ring ?? (side === 'w' ? '#6b5740' : '#9ea8bd'), 'stroke-width': ring ? 9 : 5,
      }, this.layer);
    }
    for (const name of targets) {
      const { x, y } = this.place(name);
      svg('circle', { cx: x, cy: y, r: 16, fill: '#2f9e4b' }, this.layer);
    }
    if (this.choice) {
      const { x, y } = this.place(this.choice.to);
      svg('circle', { cx: x, cy: y, r: 16, fill: '#2f9e4b' }, this.layer);
    }
  }
}

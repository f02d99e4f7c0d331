// Page state: the scenario text, its latest trace, the selected step, branches, autosave and the
// worker. Views read from here; nothing in this file knows protocol rules (the worker runs the core).
import { tick } from 'svelte';
import type { ScenarioError } from '../../core/scenario/parse.ts';
import type { FlowEvent, LogPage, UiStep, UiTrace } from '../../../workers/api.ts';
import { Autosave, MAX_LINK_BRANCHES, markRunEnded, markRunStarted, runDidNotFinish, withLinkBranch, type Branch, type SavedWork, type Work } from './autosave.ts';
import { DEFAULT_SCENARIO } from './default-scenario.ts';
import { loadExamples, type ExampleEntry } from './examples.ts';
import { appendStep, formatJson, insertStep, moveStep, notAScenario, removeStep, replaceStep, setEntry, setField, tryParse, type Json } from './scenario-text.ts';
import { previousHeartbeat } from './view.ts';
import { INITIAL_STEP, initialStep } from './initial-step.ts';
import { WorkerClient } from './worker-client.ts';

export type BannerKind = 'error' | 'warn' | 'info';
export interface BannerAction {
  label: string;
  run: () => void;
}
export interface Banner {
  id: number;
  kind: BannerKind;
  text: string;
  actions: BannerAction[];
  testId?: string;
}

const RUN_DEBOUNCE_MS = 250;
/** A run still in flight after this long is marked in storage until it ends (see runDidNotFinish). */
const RUN_MARK_AFTER_MS = 1000;

function isShareLink(hash: string): boolean {
  return hash.startsWith('#sgp=') || hash.includes('sgp=');
}
const SAVE_DEBOUNCE_MS = 300;
export const SPEEDS = [0.5, 1, 2, 4, 8] as const;

export class AppState {
  text = $state(DEFAULT_SCENARIO);
  trace = $state.raw<UiTrace | null>(null);
  /** The trace is from an older text (the current text has errors or is still running). */
  stale = $state(false);
  errors = $state.raw<ScenarioError[]>([]);
  crash = $state<string | null>(null);
  selected = $state(0);
  running = $state(false);
  progress = $state<{ done: number; total: number } | null>(null);
  runMs = $state<number | null>(null);
  clients = $state.raw<string[]>([]);
  stepLines = $state.raw<number[]>([]);
  branches = $state<Branch[]>([]);
  example = $state<string | null>(null);
  examples = $state.raw<ExampleEntry[] | null>(null);
  examplesError = $state<string | null>(null);
  banners = $state<Banner[]>([]);
  playing = $state(false);
  speed = $state<number>(1);
  saveState = $state<'saved' | 'pending' | 'conflict' | 'failed'>('saved');
  workerRestarts = $state(0);
  /** This browser holds no saved work and no link was opened: the page opens on the course, with a welcome. */
  firstVisit = $state(false);
  /** Bumped when the text changes from outside the editor, so the editor replaces its content. */
  externalTextVersion = $state(0);

  readonly autosave = new Autosave();
  client: WorkerClient;
  private runTimer: ReturnType<typeof setTimeout> | null = null;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private playTimer: ReturnType<typeof setTimeout> | null = null;
  private bannerId = 0;
  private runSeq = 0;
  private conflictBanner: number | null = null;

  constructor() {
    this.client = new WorkerClient({
      onDeath: (reason, duringRun) => {
        this.workerRestarts++;
        this.running = false;
        this.progress = null;
        if (duringRun) {
          // the scenario itself stopped the worker: running the same text again would only loop
          this.stale = true;
          this.banner(
            'warn',
            `The coordinator worker stopped while running this scenario (${reason}). It was restarted, and the scenario was not run again; change it, or run it again.`,
            [{ label: 'Run again', run: () => void this.runNow() }],
            'worker-restarted',
          );
          return;
        }
        this.banner('warn', `The coordinator worker stopped (${reason}). It was restarted; your scenario is unchanged and has been re-run.`, [], 'worker-restarted');
        this.scheduleRun(0);
      },
    });
  }

  /** One summary per step of the latest complete run. */
  get steps() {
    return this.trace?.steps ?? [];
  }

  /** The first index the timeline selects: step "initial" (-1) when the scenario starts from an initialLog, else 0. */
  get firstIndex(): number {
    return this.trace?.initial ? INITIAL_STEP : 0;
  }

  /** The selected step in full (while the next one loads from the worker, the one before). */
  get step(): UiStep | null {
    return this.steps.length ? this.stepDetail : null;
  }

  /** The group the group, members and assignment views show, when the scenario has several (null: the scenario's own). */
  pickedGroup = $state<string | null>(null);

  /** Every group after the selected step, the scenario's first: id, type and view. */
  get groupsNow(): { groupId: string; groupType: 'streams' | 'classic'; group: NonNullable<UiStep['group']> }[] {
    const s = this.step;
    if (!s) return [];
    const out: { groupId: string; groupType: 'streams' | 'classic'; group: NonNullable<UiStep['group']> }[] = s.group ? [{ groupId: s.group.groupId, groupType: 'streams', group: s.group }] : [];
    for (const o of s.otherGroups ?? []) out.push({ groupId: o.group.groupId, groupType: o.groupType, group: o.group });
    return out;
  }

  /** The group the views show after the selected step: the picked one while it exists, else the scenario's. */
  get shownGroup(): UiStep['group'] {
    const s = this.step;
    if (!s) return null;
    if (this.pickedGroup !== null) {
      const o = s.otherGroups?.find((x) => x.group.groupId === this.pickedGroup);
      if (o) return o.group;
    }
    return s.group;
  }

  /** The full steps of the current trace the page holds: all of a small trace, windows of a big one. */
  private details = new Map<number, UiStep>();
  stepDetail = $state.raw<UiStep | null>(null);
  /** The last step in full (the group the composer starts from). */
  lastStep = $state.raw<UiStep | null>(null);
  /** Every step of the current trace is on the page (no worker round trips when stepping). */
  allDetails = $state(false);

  private async fetchSteps(trace: UiTrace, i: number): Promise<UiStep | null> {
    const hit = this.details.get(i);
    if (hit) return hit;
    const got = await this.client.remote.stepDetails(trace.id, Math.max(0, i - 32), i + 32).catch(() => null);
    if (this.trace !== trace || !got) return null;
    if (this.details.size > 4096) this.details.clear();
    for (const s of got) this.details.set(s.index, s);
    return this.details.get(i) ?? null;
  }

  /** Shows step i in full: at once when the page holds it, else after one round trip to the worker. */
  private async loadStep(i: number): Promise<void> {
    const trace = this.trace;
    if (!trace || trace.steps.length === 0) {
      this.stepDetail = null;
      return;
    }
    if (i === INITIAL_STEP && trace.initial) {
      this.stepDetail = initialStep(trace.initial);
      return;
    }
    const s = await this.fetchSteps(trace, i);
    if (s && this.trace === trace && this.selected === i) this.stepDetail = s;
  }

  /** A window of the log after step `upTo` (null when the worker no longer holds this trace). */
  async logPage(upTo: number, type: string, compacted: boolean, from: number, count: number): Promise<LogPage | null> {
    const trace = this.trace;
    if (!trace) return null;
    return this.client.remote.logPage(trace.id, upTo, type, compacted, from, count).catch(() => null);
  }

  /** The message flow of steps [from, to) (null when the worker no longer holds this trace). */
  async flow(from: number, to: number): Promise<FlowEvent[] | null> {
    const trace = this.trace;
    if (!trace) return null;
    return this.client.remote.flow(trace.id, from, to).catch(() => null);
  }

  async logValue(offset: number): Promise<unknown> {
    const trace = this.trace;
    return trace ? this.client.remote.logValue(trace.id, offset).catch(() => null) : null;
  }

  /** The member's previous heartbeat before step `index` (for the inspector's diff). */
  async previousHeartbeat(index: number, member: string): Promise<{ step: number; request: unknown } | null> {
    const trace = this.trace;
    if (!trace) return null;
    if (this.allDetails)
      return previousHeartbeat(
        [...this.details.values()].sort((a, b) => a.index - b.index),
        index,
        member,
      );
    return (await this.client.remote.previousHeartbeat(trace.id, index, member).catch(() => null)) ?? null;
  }

  get scenarioDoc(): Record<string, Json> | null {
    return tryParse(this.text);
  }

  // ---------------------------------------------------------------- start-up

  async init(): Promise<void> {
    const saved = this.autosave.adopt();
    if (saved) this.restore(saved);
    const fromLink = isShareLink(location.hash) && (await this.openLink(location.hash, saved !== null));
    this.externalTextVersion++;
    this.autosave.listen((theirs) => this.onOtherTab(theirs));
    const flush = () => {
      if (this.saveState === 'pending') this.saveNow();
    };
    addEventListener('pagehide', flush);
    addEventListener('beforeunload', flush);
    addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    // a share link pasted into this open tab opens as on a fresh load
    addEventListener('hashchange', () => {
      if (isShareLink(location.hash)) void this.openLink(location.hash, true).then((ok) => (ok ? this.runNow() : undefined));
    });
    this.firstVisit = !fromLink && !saved;
    void this.loadExampleIndex(!fromLink && !saved);
    if (runDidNotFinish(localStorage, this.text)) {
      // the last load's run of this same text never finished: it may have killed the tab, so it is not run again by itself
      this.stale = true;
      this.banner(
        'warn',
        'The last run of this scenario did not finish (the tab closed, or the tab or its worker died, while it ran), so it was not run again. Change it, or run it.',
        [{ label: 'Run it', run: () => void this.runNow() }],
        'run-not-finished',
      );
      return;
    }
    await this.runNow();
  }

  /**
   * Opens a share-link fragment: the work shown so far (when there is some) is kept as a branch first.
   * A damaged link changes nothing. The fragment is removed from the address either way.
   */
  async openLink(hash: string, keepCurrent: boolean): Promise<boolean> {
    history.replaceState(null, '', location.pathname + location.search);
    const d = await this.client.decodeLink(hash);
    if (!d.ok) {
      this.banner('error', `${d.message} Your saved work was not changed.`, [], 'link-error');
      return false;
    }
    if (keepCurrent && this.text.trim() !== d.text.trim()) {
      const kept = withLinkBranch(this.branches, { name: `my work before opening a link (${new Date().toLocaleString()})`, text: this.text, createdAt: Date.now() });
      this.branches = kept.branches;
      const dropped =
        kept.dropped.length > 0
          ? ` The oldest ${kept.dropped.length === 1 ? 'branch' : `${kept.dropped.length} branches`} kept from links ${kept.dropped.length === 1 ? 'was' : 'were'} dropped (at most ${MAX_LINK_BRANCHES} are kept).`
          : '';
      this.banner('info', `Opened a shared scenario. Your previous work is kept as a branch (see Branches).${dropped}`, [], 'link-opened');
    }
    // a link of format 1 carries no check: it opens, with a note that it cannot be verified
    if (d.unverified !== null) this.banner('info', d.unverified, [], 'link-unverified');
    this.text = d.text;
    this.selected = d.step ?? 0;
    this.example = null;
    this.externalTextVersion++;
    this.saveNow();
    return true;
  }

  private restore(w: SavedWork | Work): void {
    this.text = w.text;
    this.selected = w.selected;
    this.branches = [...w.branches];
    this.example = w.example;
  }

  private async loadExampleIndex(openFirst: boolean): Promise<void> {
    const r = await loadExamples();
    if (r.ok) {
      this.examples = r.entries;
      const first = r.entries[0];
      if (openFirst && first && this.text === DEFAULT_SCENARIO) await this.openExample(first.file, false);
    } else {
      this.examples = [];
      this.examplesError = r.message;
    }
  }

  // ---------------------------------------------------------------- text and runs

  /** The editor changed the text. */
  editText(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.touched(RUN_DEBOUNCE_MS);
  }

  /** Replaces the text from outside the editor (what-if, compose, topology, branches). */
  replaceText(text: string, runDelay = 0): void {
    this.text = text;
    this.externalTextVersion++;
    this.touched(runDelay);
  }

  private touched(runDelay: number): void {
    this.stale = true;
    this.scheduleSave();
    this.scheduleRun(runDelay);
  }

  scheduleRun(delay: number): void {
    if (this.runTimer) clearTimeout(this.runTimer);
    this.runTimer = setTimeout(() => void this.runNow(), delay);
  }

  async runNow(): Promise<void> {
    if (this.runTimer) clearTimeout(this.runTimer);
    this.runTimer = null;
    const seq = ++this.runSeq;
    const text = this.text;
    this.running = true;
    this.progress = null;
    // a run still going after a second is marked, so a text that kills the tab is not run again by itself on reload
    const mark = setTimeout(() => markRunStarted(localStorage, text), RUN_MARK_AFTER_MS);
    const out = await this.client.run(text, (done, total) => {
      if (seq === this.runSeq) this.progress = { done, total };
    });
    clearTimeout(mark);
    // a run that killed the worker stays marked (however soon it died): after a reload it is not run again by itself
    if ('died' in out) markRunStarted(localStorage, text);
    else markRunEnded(localStorage);
    if (seq !== this.runSeq) return;
    this.running = false;
    this.progress = null;
    if ('cancelled' in out || 'died' in out) {
      this.stale = true;
      return;
    }
    if (out.ok) {
      this.details = new Map((out.details ?? []).map((s) => [s.index, s]));
      this.allDetails = out.details !== null;
      this.trace = out.trace;
      this.clients = out.clients;
      this.stepLines = out.stepLines;
      this.runMs = out.ms;
      this.errors = [];
      this.crash = null;
      this.stale = false;
      this.banners = this.banners.filter((b) => b.testId !== 'run-cancelled');
      if (this.selected >= out.trace.steps.length) this.selected = Math.max(0, out.trace.steps.length - 1);
      if (this.selected < this.firstIndex) this.selected = 0;
      if (out.trace.stopped) this.banner('warn', `${out.trace.stopped.message} The views show the steps run before it.`, [], 'run-budget');
      const n = out.trace.steps.length;
      this.lastStep = this.details.get(n - 1) ?? null;
      if (this.selected === INITIAL_STEP && out.trace.initial) this.stepDetail = initialStep(out.trace.initial);
      else if (this.details.size === n) this.stepDetail = this.details.get(this.selected) ?? null;
      else {
        await this.loadStep(this.selected);
        if (this.trace === out.trace && n > 0) this.lastStep = await this.fetchSteps(out.trace, n - 1);
      }
    } else {
      this.errors = out.errors;
      this.crash = out.crash ?? null;
      this.stale = true;
    }
  }

  cancelRun(): void {
    this.runSeq++;
    this.client.cancel();
    this.running = false;
    this.progress = null;
    this.stale = true;
    this.banner('info', 'Run cancelled. The views show the last complete run.', [{ label: 'Run again', run: () => void this.runNow() }], 'run-cancelled');
  }

  // ---------------------------------------------------------------- selection and playback

  async select(i: number): Promise<void> {
    const n = this.steps.length;
    if (n === 0) return;
    this.selected = Math.max(this.firstIndex, Math.min(n - 1, i));
    this.scheduleSave();
    await this.loadStep(this.selected);
    await tick();
  }

  next(): void {
    void this.select(this.selected + 1);
  }

  prev(): void {
    void this.select(this.selected - 1);
  }

  togglePlay(): void {
    if (this.playing) this.pause();
    else this.play();
  }

  play(): void {
    if (this.steps.length === 0) return;
    if (this.selected >= this.steps.length - 1) void this.select(this.firstIndex);
    this.playing = true;
    this.playTick();
  }

  pause(): void {
    this.playing = false;
    if (this.playTimer) clearTimeout(this.playTimer);
    this.playTimer = null;
  }

  private playTick(): void {
    this.playTimer = setTimeout(() => {
      if (!this.playing) return;
      if (this.selected >= this.steps.length - 1) {
        this.pause();
        return;
      }
      this.next();
      this.playTick();
    }, 1000 / this.speed);
  }

  setSpeed(s: number): void {
    this.speed = s;
  }

  faster(d: 1 | -1): void {
    const i = SPEEDS.indexOf(this.speed as (typeof SPEEDS)[number]);
    this.speed = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, (i < 0 ? 1 : i) + d))]!;
  }

  // ---------------------------------------------------------------- what-if and branches

  private label(i: number): string {
    return this.steps[i]?.label ?? `step ${i}`;
  }

  /** Keeps the current text as a named branch. */
  keepBranch(name: string): void {
    this.branches = [...this.branches, { name, text: this.text, createdAt: Date.now() }];
    this.scheduleSave();
  }

  /** Edits the steps from step i on; a scenario that ran past i is kept as a branch named after step `named` (the one changed). */
  private editPast(i: number, what: string, edit: (text: string) => string, named = i): void {
    let next: string;
    try {
      next = edit(this.text);
    } catch (e) {
      this.banner('error', e instanceof Error ? e.message : String(e));
      return;
    }
    const last = this.steps.length - 1;
    if (i < last) {
      const name = `before ${what} #${named} “${this.label(named)}”`;
      this.keepBranch(name);
      this.banner('info', `Branched: the previous scenario is kept as “${name}”.`, [], 'branched');
    }
    this.replaceText(next);
  }

  switchOff(i: number): void {
    this.editPast(i, 'switching off', (t) => removeStep(t, i));
    if (this.selected > i) this.selected--;
  }

  move(from: number, to: number): void {
    if (from === to) return;
    this.editPast(Math.min(from, to), 'moving', (t) => moveStep(t, from, to), from);
    if (this.selected === from) this.selected = to;
  }

  append(step: Json): void {
    let next: string;
    try {
      next = appendStep(this.text, step);
    } catch (e) {
      this.banner('error', e instanceof Error ? e.message : String(e));
      return;
    }
    const n = this.steps.length;
    this.replaceText(next);
    this.selected = n;
  }

  /**
   * The step and client forms write into the text as the editor does (Monaco keeps each as one undoable edit): no
   * branch, the text is the work. False (with a banner) when the text cannot take the edit.
   */
  private formEdit(edit: (text: string) => string): boolean {
    let next: string;
    try {
      next = edit(this.text);
    } catch (e) {
      this.banner('error', e instanceof Error ? e.message : String(e));
      return false;
    }
    if (next !== this.text) this.replaceText(next);
    return true;
  }

  /** Replaces step i with the step form's step. */
  editStep(i: number, step: Json): void {
    this.formEdit((t) => replaceStep(t, i, step));
  }

  /** Inserts the step form's step after step i (i = -1: before step 0) and selects it. */
  insertStepAfter(i: number, step: Json): void {
    if (this.formEdit((t) => insertStep(t, i + 1, step))) this.selected = i + 1;
  }

  /** Adds or changes a client (the client form). */
  setClient(alias: string, spec: Json): void {
    this.formEdit((t) => setEntry(t, 'clients', alias, spec));
  }

  /** Sets top-level fields in place (the edition and variant switchers: switching back undoes it, so no branch). */
  setFields(fields: Record<string, Json | undefined>): void {
    let next = this.text;
    try {
      for (const [k, v] of Object.entries(fields)) next = setField(next, k, v);
    } catch (e) {
      this.banner('error', e instanceof Error ? e.message : String(e));
      return;
    }
    if (next !== this.text) this.replaceText(next);
  }

  /** Replaces top-level fields (topology editor); a scenario that already ran is kept as a branch. */
  applyFields(fields: Record<string, Json>, what: string): void {
    const doc = tryParse(this.text);
    if (!doc) {
      this.banner('error', 'The scenario is not valid JSON; fix it in the editor first.');
      return;
    }
    if (this.steps.length > 0) {
      const name = `before ${what}`;
      this.keepBranch(name);
      this.banner('info', `Branched: the previous scenario is kept as “${name}”.`, [], 'branched');
    }
    Object.assign(doc, fields);
    this.replaceText(formatJson(doc) + '\n');
  }

  switchToBranch(i: number): void {
    const b = this.branches[i];
    if (!b) return;
    const rest = this.branches.filter((_, j) => j !== i);
    this.branches = [...rest, { name: `left at ${new Date().toLocaleTimeString()} (switched to “${b.name}”)`, text: this.text, createdAt: Date.now() }];
    this.replaceText(b.text);
  }

  /**
   * Loads a whole new scenario (an explored counterexample, an imported log): the current work is
   * kept as a branch first, so nothing is overwritten silently.
   */
  openScenario(text: string, what: string, selected = 0): void {
    if (this.text.trim() !== text.trim()) {
      const name = `my work before opening ${what}`;
      this.keepBranch(name);
      this.banner('info', `Opened ${what}. Your previous scenario is kept as the branch “${name}”.`, [], 'branched');
    }
    this.example = null;
    this.selected = selected;
    this.replaceText(text);
  }

  deleteBranch(i: number): void {
    this.branches = this.branches.filter((_, j) => j !== i);
    this.scheduleSave();
  }

  // ---------------------------------------------------------------- examples

  async openExample(file: string, keepCurrent = true): Promise<boolean> {
    let text: string;
    try {
      const r = await fetch(`./examples/${file}`);
      if (!r.ok) throw new Error(r.status === 504 ? 'you are offline and it was not kept for offline use' : `HTTP ${r.status}`);
      text = await r.text();
      const why = notAScenario(text);
      if (why) throw new Error(`${why}. Your work was not changed`);
    } catch (e) {
      this.banner('error', `Could not load example ${file}: ${e instanceof Error ? e.message : String(e)}.`, [], 'example-error');
      return false;
    }
    if (keepCurrent && this.text.trim() !== text.trim() && !this.isUnchangedExample()) {
      this.keepBranch(`my work before opening ${file}`);
    }
    this.example = file;
    this.exampleText = { file, text };
    this.selected = 0;
    this.replaceText(text);
    return true;
  }

  private exampleText: { file: string; text: string } | null = null;
  private isUnchangedExample(): boolean {
    return this.exampleText !== null && this.exampleText.text === this.text;
  }

  /** Reloads the example the work started from (the caller asks the user first). */
  async resetToExample(): Promise<void> {
    if (!this.example) return;
    await this.openExample(this.example, false);
  }

  // ---------------------------------------------------------------- autosave

  get work(): Work {
    return { text: this.text, selected: this.selected, branches: $state.snapshot(this.branches), example: this.example };
  }

  scheduleSave(): void {
    if (this.saveState === 'conflict') return;
    this.saveState = 'pending';
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = setTimeout(() => this.saveNow(), SAVE_DEBOUNCE_MS);
  }

  saveNow(force = false): void {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.saveTimer = null;
    if (this.saveState === 'conflict' && !force) return;
    const out = this.autosave.save(this.work, force);
    if (out.kind === 'saved') {
      this.saveState = 'saved';
      this.banners = this.banners.filter((b) => b.testId !== 'save-failed');
    } else if (out.kind === 'failed') {
      this.saveState = 'failed';
      this.banners = this.banners.filter((b) => b.testId !== 'save-failed');
      // out of space: offer to drop old branches (never the current work)
      const offer = out.quota && this.branches.length > 0 ? [{ label: 'Drop old branches and save', run: () => this.saveDroppingOldBranches() }] : [];
      this.banner(
        'error',
        `Could not save your work in this browser: ${out.message.replace(/\.+$/, '')}. Export it as a file to keep it${offer.length > 0 ? ', or drop old branches to make room' : ''}.`,
        offer,
        'save-failed',
      );
    } else this.conflict(out.theirs);
  }

  /** Saves after a save failed for space, dropping branches oldest first until the work fits. */
  saveDroppingOldBranches(): void {
    const { outcome, branches, dropped } = this.autosave.saveDroppingOldBranches(this.work);
    this.branches = branches;
    if (outcome.kind !== 'saved') return this.saveNow(true);
    this.saveState = 'saved';
    this.banners = this.banners.filter((b) => b.testId !== 'save-failed');
    this.banner('info', `Saved. ${dropped.length} old branch${dropped.length === 1 ? ' was' : 'es were'} dropped to make room.`, [], 'branches-dropped');
  }

  private onOtherTab(theirs: SavedWork): void {
    if (this.saveState === 'saved' && this.conflictBanner === null) {
      // nothing unsaved here: follow the other tab
      this.autosave.baseRev = theirs.rev;
      this.restore(theirs);
      this.externalTextVersion++;
      this.scheduleRun(0);
      this.banner('info', 'Another tab saved newer work; this tab now shows it.', [], 'other-tab');
    } else {
      this.conflict(theirs);
    }
  }

  private conflict(theirs: SavedWork): void {
    this.saveState = 'conflict';
    if (this.conflictBanner !== null) this.dismiss(this.conflictBanner);
    // one banner for the conflict: it replaces any earlier word about the other tab
    this.banners = this.banners.filter((b) => b.testId !== 'other-tab');
    this.conflictBanner = this.banner(
      'warn',
      'Another tab saved different work while this tab had changes of its own, so this tab stopped autosaving: neither is lost. “Load theirs” shows the other tab’s work here and keeps this tab’s as a branch; “Keep mine” saves this tab’s work and keeps theirs as a branch.',
      [
        {
          label: 'Load theirs (keep mine as a branch)',
          run: () => {
            const mine = this.text;
            this.autosave.baseRev = theirs.rev;
            this.restore(theirs);
            this.branches = [...this.branches, { name: `this tab's work (${new Date().toLocaleTimeString()})`, text: mine, createdAt: Date.now() }];
            this.resolveConflict();
            this.externalTextVersion++;
            this.scheduleRun(0);
          },
        },
        {
          label: 'Keep mine (keep theirs as a branch)',
          run: () => {
            this.branches = [...this.branches, { name: `other tab's work (${new Date(theirs.savedAt).toLocaleTimeString()})`, text: theirs.text, createdAt: Date.now() }];
            this.resolveConflict();
          },
        },
      ],
      'conflict',
    );
  }

  private resolveConflict(): void {
    if (this.conflictBanner !== null) this.dismiss(this.conflictBanner);
    this.conflictBanner = null;
    this.saveState = 'pending';
    this.saveNow(true);
  }

  // ---------------------------------------------------------------- banners

  banner(kind: BannerKind, text: string, actions: BannerAction[] = [], testId?: string): number {
    const id = ++this.bannerId;
    this.banners = [...this.banners.filter((b) => !(testId && b.testId === testId)), { id, kind, text, actions, testId }];
    if (kind === 'info' && actions.length === 0) setTimeout(() => this.dismiss(id), 8000);
    return id;
  }

  dismiss(id: number): void {
    this.banners = this.banners.filter((b) => b.id !== id);
  }
}

export const app = new AppState();

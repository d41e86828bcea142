/**
 * Tuning of the night analysis. Each value is explained in docs/sleep-analysis.md;
 * change them there and here together.
 */
export const ANALYSIS = {
  /** An epoch with fewer samples than this has no data of its own. */
  epochMinSamples: 5,
  /** Cole–Kripke weights for epochs i−4 … i+2 (Cole et al. 1992, 1-minute model), applied to 30-s epochs. */
  coleKripkeWeights: [106, 54, 58, 76, 230, 74, 67],
  /** Scale P of Cole–Kripke for our movement unit (mean move 0–100 per epoch): wake when P·Σ w·A ≥ 1. */
  coleKripkeScale: 1 / 1500,
  /** Webster rescoring: after ≥ [wake epochs], the next [epochs] of sleep are rescored wake. */
  websterRules: [
    { afterWake: 30, rescore: 8 },
    { afterWake: 20, rescore: 6 },
    { afterWake: 8, rescore: 2 },
  ],
  /** Webster: a sleep bout of at most [sleep] epochs between wake bouts of at least [wake] epochs is wake. */
  websterIslands: [
    { sleep: 12, wake: 20 },
    { sleep: 20, wake: 40 },
  ],
  /** Sleep onset is the first epoch of the first run of this many sleep epochs (5 minutes). */
  persistentSleepEpochs: 10,
  /** Deep sleep needs stillness and steady rates over a centred window of this many epochs (1.5 minutes). */
  deepWindowEpochs: 3,
  /** Largest movement in the deep window (0–100). */
  deepMoveMax: 5,
  /** Largest standard deviation of breathing rate in the deep window, breaths/min (deep breathing is metronomic). */
  deepRrSdMax: 0.5,
  /** Largest standard deviation of heart rate in the deep window, beats/min. */
  deepHrSdMax: 2.0,
  /** Deep window's mean heart rate at least this far below the night's sleeping median, beats/min … */
  deepHrBelowMedianMin: 2.0,
  /** … unless the night's sleeping heart rate barely varies (interquartile range under this): then it cannot tell, and breathing decides. */
  deepHrFlatIqr: 1.0,
  /** No deep sleep in the first epochs of a sleep bout (sleep deepens through N1 and N2 first): 10 minutes. */
  deepNotBeforeEpochs: 20,
  /** Deep runs shorter than this (epochs) are light. */
  deepMinRunEpochs: 3,
  /** A body movement: movement at least this (0–100); movements closer than movementMergeSeconds are one. */
  movementMin: 10,
  movementMergeSeconds: 30,
  /** Continuity: share of the sleep period in sleep bouts at least this long (epochs, 20 minutes). */
  continuityBoutEpochs: 40,
  /** A breathing pause is rr = 0 with a heart rate, in bed, for at least this many seconds (AASM 10 s) … */
  pauseMinSeconds: 10,
  /** … and at most this: longer silences are a lost signal, not a pause. */
  pauseMaxSeconds: 120,
  /** AHI needs at least this many hours of sleep with breathing measured. */
  ahiMinHours: 2,
  /** HRV proxy needs at least this many still, measured pairs of seconds in sleep (30 minutes). */
  hrvMinPairs: 1800,
  /** AF screen: still windows of this many seconds in sleep (5 minutes). */
  afWindowSeconds: 300,
  /** A window counts when at least this share of its seconds has a heart rate. */
  afWindowMinCoverage: 0.8,
  /** A window is irregular when RMSSD of its 1 Hz heart rate over its mean exceeds this. */
  afIrregularNrmssd: 0.05,
  /** AF screen needs at least this many windows (30 minutes). */
  afMinWindows: 6,
  /** AF grade by share of irregular windows, percent: below 10 none, 10–30 low, 30–60 moderate, 60+ high. */
  afGradeFrom: { low: 10, moderate: 30, high: 60 },
  /** Minimum sleep for the HRV and AF figures, minutes. */
  rhythmMinSleepMinutes: 30,
} as const;

import Testing

/// Every test that runs the checker's trials, grouped. They run in
/// parallel with each other and with every other test of the process:
/// systematic mode settles by counting each trial's own jobs (the job
/// driver runs one trial at a time and counts nothing else), so the same
/// seed gives the same table whatever else the process does.
/// `DeterminismUnderLoadTests` holds it to that.
@Suite struct CheckerTrials {}

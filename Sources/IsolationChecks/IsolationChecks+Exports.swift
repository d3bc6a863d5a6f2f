// The profile scene's checker is an instance of the checker's core: its
// users name the core's reports, schedules and options without importing it.
@_exported import ScreenChecks

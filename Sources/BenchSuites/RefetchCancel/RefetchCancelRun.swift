import BenchKit
import Foundation
import IsolationChecks
import MockNetwork
import ProfileScene

/// One variant's report in one mode.
struct RefetchCancelRun: Sendable {
  var variant: any RefetchCancelSubject
  var report: ScreenReport
}

import BenchKit
import HopProbes
import ProfileScene

/// Lets every thread involved go idle before a sample, as they are when a
/// response arrives after a network fetch: without it, a sample may find the
/// main queue's thread still awake from the previous variant's hop, and the
/// one-way time splits into two modes whose mix, and so the median, changes
/// from run to run. The idle lasts 1 ms, not 200 µs: a virtual machine polls
/// an idle CPU adaptively (the guest's haltpoll governor, the hypervisor's
/// halt polling) for up to a few hundred µs before halting it, and after
/// 200 µs the return leg still split between the two, its median moving 30 %
/// between runs; after 1 ms it did not. The sleep sets the starting state; it
/// orders nothing.
func settle() async throws {
  try await Task.sleep(for: PresenterHopPlan.settle, tolerance: .zero)
}

import ProfileScene

/// The corrected interactor's fetch, shared by the mutants that do not mutate
/// it: both halves in a task group, the first failure cancelling the other.
/// It is the scene's own ``ProfileFetchGroup``, so a mutant differs from the
/// corrected interactor only in the flaw it is named for.
func fetchBothParts(_ request: ProfileRequest, with worker: any ProfileFetching) async throws
  -> ProfileResponse
{
  try await ProfileFetchGroup.fetch(request, from: worker)
}

extension Result where Failure == any Error {
    /// The outcome of an async `body`, so that clean-up that awaits can run before it is rethrown.
    public init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

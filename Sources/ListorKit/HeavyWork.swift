/// Where CPU-heavy work runs: parsing a page, decoding a picture.
///
/// Swift's shared threads are as many as the cores, and every request of every app waits for
/// one of them; a parse that takes a second there stalls the whole server for that second. A
/// server gives its view models threads of its own for such work, a bounded number of them, so
/// that no more than that many run at once and the shared threads stay free (`listor serve`
/// uses NIOThreadPool); a command that serves one user runs the work where it is (`InlineWork`).
public protocol HeavyWork: Sendable {
    /// `body`'s result, computed away from the caller's thread where the implementation says.
    func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T
}

/// Heavy work run on the caller's thread: for a command line, where one user waits for it.
public struct InlineWork: HeavyWork {
    public init() {}

    public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        body()
    }
}

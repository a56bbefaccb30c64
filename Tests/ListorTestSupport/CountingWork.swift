import ListorKit

/// Heavy work run where it is asked, and counted: for checking that a view model or service
/// hands its parsing and decoding to the work it was given, rather than doing it in place.
public final class CountingWork: HeavyWork {
    private let counter = CallCounter()

    public init() {}

    /// How many pieces of work were run.
    public var count: Int { counter.value }

    public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
        counter.add()
        return body()
    }
}

/// Where a screen's data is: not asked for yet, on its way, here, or failed with a message.
public enum LoadingState<Value: Sendable>: Sendable {
    case idle
    case loading
    case loaded(Value)
    case failed(message: String)

    public var value: Value? {
        if case .loaded(let value) = self { return value }
        return nil
    }

    public var errorMessage: String? {
        if case .failed(let message) = self { return message }
        return nil
    }

    public var isLoading: Bool {
        if case .loading = self { return true }
        return false
    }

    /// Runs `provider.load()` and reports each state; cancellation leaves the state `idle`,
    /// since nobody is waiting for the result.
    public static func load<Provider: DataProvider>(
        _ provider: Provider,
        report: (LoadingState<Value>) -> Void
    ) async where Provider.Value == Value {
        report(.loading)
        do {
            report(.loaded(try await provider.load()))
        } catch is CancellationError {
            report(.idle)
        } catch {
            report(.failed(message: "\(error)"))
        }
    }
}

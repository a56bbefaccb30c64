/// Back and forward, as every browser's toolbar has them: visiting a new place clears forward.
/// The stacks are bounded; the oldest places fall off the back.
public struct Navigator<Place: Sendable>: Sendable {
    public private(set) var backStack: [Place] = []
    public private(set) var current: Place?
    public private(set) var forwardStack: [Place] = []
    public let limit: Int

    public init(limit: Int = 100) {
        self.limit = limit
    }

    public var canGoBack: Bool { !backStack.isEmpty }
    public var canGoForward: Bool { !forwardStack.isEmpty }

    public mutating func visit(_ place: Place) {
        if let current { backStack.append(current) }
        if backStack.count > limit { backStack.removeFirst(backStack.count - limit) }
        current = place
        forwardStack.removeAll()
    }

    /// Replaces the current place (the same page reloaded, a form field changed, a scroll).
    public mutating func replaceCurrent(_ place: Place) {
        current = place
    }

    public mutating func goBack() -> Place? {
        guard let previous = backStack.popLast() else { return nil }
        if let current { forwardStack.append(current) }
        current = previous
        return previous
    }

    public mutating func goForward() -> Place? {
        guard let next = forwardStack.popLast() else { return nil }
        if let current { backStack.append(current) }
        current = next
        return next
    }
}

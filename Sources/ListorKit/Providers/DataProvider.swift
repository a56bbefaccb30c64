import Foundation

/// Something that loads a value: from a bundle, a file, an HTTP server, a device.
///
/// Seed 004's `IDataProvider` had "request" and "cancel"; here `load()` is the request and
/// cancelling the task that awaits it is the cancel. Implementations check for cancellation
/// and throw `CancellationError` rather than returning partial data.
public protocol DataProvider<Value>: Sendable {
    associatedtype Value: Sendable
    func load() async throws -> Value
}

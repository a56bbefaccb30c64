import Foundation

/// Fetches a URL and decodes its body.
public struct HTTPDataProvider<Value: Sendable>: DataProvider {
    public let url: URL
    public let limits: HTTPLimits
    private let transport: HTTPTransport
    private let decode: @Sendable (Data) throws -> Value

    public init(
        url: URL,
        transport: HTTPTransport,
        limits: HTTPLimits = HTTPLimits(),
        decode: @escaping @Sendable (Data) throws -> Value
    ) {
        self.url = url
        self.transport = transport
        self.limits = limits
        self.decode = decode
    }

    public func load() async throws -> Value {
        try Task.checkCancellation()
        let response = try await transport.get(url, limits)
        guard (200...299).contains(response.status) else {
            throw NetworkError.badStatus(url: url, status: response.status)
        }
        try Task.checkCancellation()
        do {
            return try decode(response.body)
        } catch let error as DecodingError {
            throw NetworkError.notDecodable(url: url, reason: ErrorCause(error) { _ in Problem(decodingError: error).description })
        } catch {
            throw NetworkError.notDecodable(url: url, reason: ErrorCause(error))
        }
    }
}

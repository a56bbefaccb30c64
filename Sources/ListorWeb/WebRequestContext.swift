import Hummingbird
import NIOCore

/// Each request's context: Hummingbird's core storage and the peer's address, which limits kept
/// per client (event streams) count by.
public struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    public let remoteAddress: SocketAddress?

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// The client's IP address, for per-client limits; "unknown" when the channel has none.
    public var clientAddress: String {
        remoteAddress?.ipAddress ?? "unknown"
    }
}

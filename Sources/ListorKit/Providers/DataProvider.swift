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

/// Why a file could not be read or understood; every message names the file.
public struct FileError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Sendable, Hashable {
        case unreadable
        case tooLarge
        case notDecodable
    }

    public var code: Code
    public var path: String
    public var reason: String

    public init(code: Code, path: String, reason: String) {
        self.code = code
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}

/// Reads a file and decodes it; the file is read afresh on every `load()`.
public struct FileDataProvider<Value: Sendable>: DataProvider {
    public let path: String
    public let maximumSize: Int
    private let decode: @Sendable (Data) throws -> Value

    /// - Parameter maximumSize: larger files are refused before they are read into memory.
    public init(path: String, maximumSize: Int = 512 << 20, decode: @escaping @Sendable (Data) throws -> Value) {
        self.path = path
        self.maximumSize = maximumSize
        self.decode = decode
    }

    public func load() async throws -> Value {
        try Task.checkCancellation()
        let url = URL(fileURLWithPath: path)
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
            if size > maximumSize {
                throw FileError(code: .tooLarge, path: path, reason: "the file is \(size) bytes; the limit is \(maximumSize)")
            }
            data = try Data(contentsOf: url)
        } catch let error as FileError {
            throw error
        } catch {
            throw FileError(code: .unreadable, path: path, reason: FileDataProvider.explain(error, path: path))
        }
        try Task.checkCancellation()
        do {
            return try decode(data)
        } catch {
            throw FileError(code: .notDecodable, path: path, reason: "\(error)")
        }
    }

    private static func explain(_ error: any Error, path: String) -> String {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return "no such file" }
        if isDirectory.boolValue { return "is a directory, not a file" }
        if !FileManager.default.isReadableFile(atPath: path) { return "permission denied" }
        return (error as NSError).localizedDescription
    }
}

import Foundation

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
            throw FileError(code: .unreadable, path: path, reason: ErrorCause(error) { FileDataProvider.explain($0, path: path) })
        }
        try Task.checkCancellation()
        do {
            return try decode(data)
        } catch {
            throw FileError(code: .notDecodable, path: path, reason: ErrorCause(error))
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

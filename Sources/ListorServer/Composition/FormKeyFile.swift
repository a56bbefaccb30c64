import Foundation
import ListorCommandKit
import ListorWeb

/// The key that signs the library pages' CSRF tokens and the librarian's sign-in, kept in the
/// data directory (`form.key`, readable by its owner only) so that forms open in a browser
/// still send after a restart. Web nodes of one site are given the same file (`--form-key-file`).
enum FormKeyFile {
    /// The key in `file` when one is named (it must exist), else the data directory's, made on first run.
    static func load(file: String?, in directory: String) throws -> FormKey {
        guard let file else { return try load(in: directory) }
        guard let data = FileManager.default.contents(atPath: file) else { throw CompositionError("--form-key-file: cannot read \(file)") }
        guard data.count == FormKey.size else {
            throw CompositionError("--form-key-file: \(file) holds \(data.count) bytes, not a \(FormKey.size)-byte key; make one with: head -c \(FormKey.size) /dev/urandom > \(file)")
        }
        return FormKey(bytes: Array(data))
    }

    static func load(in directory: String) throws -> FormKey {
        let path = directory + "/form.key"
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == FormKey.size else {
                throw CompositionError("\(path) holds \(data.count) bytes, not a \(FormKey.size)-byte key; delete it and a new one is made (open forms then need a reload)")
            }
            return FormKey(bytes: Array(data))
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<FormKey.size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes), attributes: [.posixPermissions: 0o600]) else {
            throw CompositionError("cannot write the form key \(path)")
        }
        return FormKey(bytes: bytes)
    }
}

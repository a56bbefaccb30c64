import Foundation
import Testing
@testable import ListorWeb

/// The files of `Sources/ListorWeb/Resources` as the EmbedResources plugin builds them into the
/// code: every one, each byte for byte (escapes, non-ASCII text, line ends), and nothing else.
@Suite struct EmbeddedResourcesTests {
    @Test func everyResourceIsBuiltInAsItIsInTheSourceTree() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/ListorWeb/Resources")
        let manager = FileManager.default
        let paths = try manager.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            return manager.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(Set(paths) == Set(EmbeddedResources.files.keys))
        #expect(paths.count > 40)
        for path in paths {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            #expect(EmbeddedResources.files[path]?.text == text, "\(path) differs")
        }
    }
}

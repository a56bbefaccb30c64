import Foundation
import ListorKit

/// A catalog of files, answered from its index file when it can be: the index in `directory`,
/// named by the files' paths. A sound one is mapped and the catalog not read; otherwise (none
/// yet, a changed catalog, another version, damage, which alone is reported through `warn`) the
/// catalog is read, the list answers from it, and the index is written for the next time.
public struct IndexedCatalog: Sendable {
    public let paths: [String]
    /// The index file's path.
    public let index: String

    public init(paths: [String], directory: String) {
        self.paths = paths
        index = "\(directory)/" + Array(paths.joined(separator: "\n").utf8).withUnsafeBytes { String(ContentHash.of($0), radix: 16) } + ".index"
    }

    /// The list over the catalog, from its index or from `read` (which reads the catalog);
    /// with `rebuilding`, the index is made again whatever its state.
    public func list(query: TransistorQuery, rebuilding: Bool = false, warn: (String) -> Void,
                     read: () async throws -> TransistorListViewModel) async throws -> TransistorListViewModel {
        if !rebuilding {
            do {
                let (index, problems) = try TransistorIndexFile.open(index, catalogPaths: paths)
                return TransistorListViewModel(index: index, problems: problems, query: query)
            } catch where error.kind == .damaged {
                warn("warning: the index file \(index) is damaged (\(error)); it is made again from the catalog\n")
            } catch {}
        }
        // The files as they are before they are read: if one changes while it is read, the
        // index written is stale at once, and made again next time.
        let sources = try? paths.map { path throws(IndexFileError) in try TransistorIndexFile.Source.current(path, hashing: true) }
        let viewModel = try await read()
        if let sources, let catalog = viewModel.state.value {
            do {
                try TransistorIndexFile.write(catalog, sources: sources, to: index)
            } catch {
                warn("warning: the index file \(index) could not be written: \(error)\n")
            }
        }
        return viewModel
    }
}

import Foundation
import PackagePlugin

/// Builds the text files under a target's `Resources/` folder into its code, as the
/// `EmbeddedResources.files` table, so that `listor` is one file that runs wherever it is
/// copied: templates, static files, OpenAPI documents and bundled data need no folder beside it.
@main struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Resources")
        let manager = FileManager.default
        let files = try manager.subpathsOfDirectory(atPath: folder.path).sorted().compactMap { path -> URL? in
            var isFolder: ObjCBool = false
            let url = folder.appending(path: path)
            return manager.fileExists(atPath: url.path, isDirectory: &isFolder) && !isFolder.boolValue ? url : nil
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        return [.buildCommand(
            displayName: "Embedding \(files.count) resources in \(target.name)",
            executable: try context.tool(named: "ResourceEmbedder").url,
            arguments: [output.path, folder.path] + files.map(\.path),
            inputFiles: files,
            outputFiles: [output]
        )]
    }
}

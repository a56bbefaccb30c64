import Foundation

/// Where Listor keeps its data: the library's SQLite file and the pictures it keeps.
public enum DataDirectory {
    /// The XDG base directory for user data, as most Linux tools keep theirs; relative values
    /// are ignored, as the spec says.
    public static func standard(environment: [String: String]) -> String {
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/listor" }
        let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
        return home + "/.local/share/listor"
    }

    /// `directory`, created if missing.
    package static func prepare(_ directory: String) throws -> String {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw CompositionError("cannot create the data directory \(directory): \(error.localizedDescription)")
        }
        return directory
    }
}

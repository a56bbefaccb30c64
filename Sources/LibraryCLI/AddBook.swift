import ArgumentParser
import Library
import ListorCommandKit
import Tagged

struct AddBook: ListorCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a book; title and author are required.")

    @OptionGroup var location: LibraryLocation
    @Option var title: String
    @Option var author: String
    @Option var publisher = ""
    @Option(help: "Comma separated.")
    var categories = ""
    @Option(help: "ISBN-10 or ISBN-13, hyphens allowed.")
    var isbn = ""

    func run(in environment: CommandEnvironment) async throws {
        let typed = BookForm(title: title, author: author, publisher: publisher, categories: categories, isbn: isbn)
        let outcome = try await location.withLibrary(in: environment) { library in
            var form = BookFormViewModel(library: library)
            form.form = typed
            return try await form.save()
        }
        guard case .done(let book?) = outcome else { throw outcome.refusal ?? ExitCode.failure }
        environment.write("added book \(book.id): \(book.title)\n")
    }
}

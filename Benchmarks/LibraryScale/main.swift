import Foundation
import GRDB
import Library
import LibrarySQL
import ListorSQL
import ListorKit
import Logging
import PostgresNIO

// A library of many books and loans, for the scale benchmark (Benchmarks/run-library-scale.sh):
//
//     LibraryScaleBenchmark <library.sqlite | postgres://…> [books] [loans]
//
// Deterministic: the same counts make the same library. Titles, authors, publishers and
// categories are drawn from word lists with diacritics, so that folding is exercised; loans
// are spread over three years, most returned, about one book in twenty out now and a third of
// those overdue. The schema is the stores' own (their migrations run first); the rows go in
// with bulk statements, as a restore would, rather than one transaction per book.

extension SeededRandom {
    mutating func below(_ bound: Int) -> Int { int(0...bound - 1) }
}

let adjectives = ["Silent", "Crimson", "Forgotten", "Last", "Hidden", "Golden", "Broken", "Distant", "Secret", "Burning", "Frozen", "Wild",
                  "Quiet", "Lost", "Endless", "Bitter", "Bright", "Dark", "Gentle", "Hollow", "Little", "Northern", "Painted", "Restless",
                  "Señor's", "Über", "Café", "Naïve", "Ångström's", "Élan", "Fjörd", "Ægir's"]
let nouns = ["River", "Garden", "Empire", "Winter", "Lighthouse", "Orchard", "Kingdom", "Harbour", "Library", "Mountain", "Voyage", "Archive",
             "Clockmaker", "Cartographer", "Sea", "Forest", "Inheritance", "Machine", "Theorem", "Symphony", "Bridge", "Island", "Comet",
             "Labyrinth", "Mirror", "Almanac", "Crossing", "Daughter", "Engine", "Frontier", "Glacier", "Heresy", "Müller", "Señora", "Crèche"]
let firstNames = ["Ann", "Bob", "Charlotte", "Dmitri", "Émile", "Frida", "Gabriel", "Hannah", "Ingrid", "José", "Kenji", "Léa", "Miriam",
                  "Nils", "Olga", "Pablo", "Quentin", "Renée", "Søren", "Tomás", "Ulla", "Víctor", "Wanda", "Xavier", "Yusuf", "Zoë"]
let lastNames = ["Brontë", "Dvořák", "García Márquez", "Herbert", "Austen", "Shelley", "Ångström", "Lindqvist", "Okafor", "Nakamura",
                 "Kowalski", "Papadopoulos", "Øster", "Müller", "Rossi", "Singh", "O'Brien", "Fitzgerald", "Tolstoy", "Borges", "Achebe",
                 "Le Guin", "Mishima", "Lispector", "Calvino", "Szymborska", "Pessoa", "Murakami", "Adichie", "Saramago"]
let publishers = ["Ace", "Penguin", "Gallimard", "Suhrkamp", "Faber & Faber", "Éditions du Seuil", "Alfaguara", "Bonnier", "Random House",
                  "Hachette", "Vintage", "Tor", "Orbit", "Picador", "Anagrama"]
let categories = ["fiction", "science fiction", "fantasy", "history", "poetry", "biography", "mystery", "romance", "philosophy", "travel",
                  "cookery", "children", "classics", "horror", "essays", "mathematics"]

struct GeneratedBook {
    let id: Int64
    let fields: BookFields
    var lastCheckedOut: Date?
    var lastCheckedOutBy: String?
}

struct GeneratedLoan {
    let bookID: Int64
    let borrower: String
    let checkedOut: Date
    let due: Date
    let returned: Date?
}

func generate(books count: Int, loans loanCount: Int, now: Date) -> ([GeneratedBook], [GeneratedLoan]) {
    var random = SeededRandom(seed: 19)
    var books: [GeneratedBook] = (1...count).map { id in
        let title = random.below(3) == 0 ? "The \(random.pick(adjectives)) \(random.pick(nouns))" : "\(random.pick(nouns)) of the \(random.pick(adjectives)) \(random.pick(nouns))"
        let author = "\(random.pick(firstNames)) \(random.pick(lastNames))"
        let tags = Set((0..<(1 + random.below(3))).map { _ in random.pick(categories) }).sorted().joined(separator: ", ")
        return GeneratedBook(id: Int64(id), fields: BookFields(title: title, author: author, publisher: random.pick(publishers), categories: tags))
    }
    let borrowers = (0..<2_000).map { _ in "\(random.pick(firstNames)) \(random.pick(lastNames))" }
    let day = 86_400.0
    let period = 14 * day
    // Every twentieth book is out now, the last loan of its history; a third of those overdue.
    var loans: [GeneratedLoan] = []
    loans.reserveCapacity(loanCount)
    var open = 0
    for index in stride(from: 0, to: count, by: 20) where loans.count < loanCount {
        let overdue = open % 3 == 0
        let start = now.addingTimeInterval(-(overdue ? 15 + Double(random.below(30)) : Double(random.below(13))) * day - Double(random.below(86_400)))
        loans.append(GeneratedLoan(bookID: books[index].id, borrower: random.pick(borrowers), checkedOut: start, due: start.addingTimeInterval(period), returned: nil))
        books[index].lastCheckedOut = start
        books[index].lastCheckedOutBy = loans.last?.borrower
        open += 1
    }
    // The rest returned, over the three years before the open ones began.
    while loans.count < loanCount {
        let index = random.below(count)
        let start = now.addingTimeInterval(-(60 + Double(random.below(3 * 365))) * day - Double(random.below(86_400)))
        let borrower = random.pick(borrowers)
        loans.append(GeneratedLoan(bookID: books[index].id, borrower: borrower, checkedOut: start, due: start.addingTimeInterval(period),
                                   returned: start.addingTimeInterval(Double(1 + random.below(30)) * day)))
        if books[index].lastCheckedOut.map({ $0 < start }) ?? true {
            books[index].lastCheckedOut = start
            books[index].lastCheckedOutBy = borrower
        }
    }
    return (books, loans)
}

func fillSQLite(_ path: String, books: [GeneratedBook], loans: [GeneratedLoan]) throws {
    _ = try SQLLibraryStore(path: path, seeded: false)
    let database = try DatabaseQueue(path: path)
    try database.write { db in
        try db.execute(sql: "DELETE FROM loans; DELETE FROM books; DELETE FROM books_search")
        let book = try db.makeStatement(sql: """
            INSERT INTO books (id, title, author, publisher, categories, last_checked_out, last_checked_out_by) VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let words = try db.makeStatement(sql: "INSERT INTO books_search (rowid, words) VALUES (?, ?)")
        for item in books {
            try book.execute(arguments: [item.id, item.fields.title, item.fields.author, item.fields.publisher, item.fields.categories,
                                         item.lastCheckedOut, item.lastCheckedOutBy])
            try words.execute(arguments: [item.id, BookSearch.words(of: item.fields)])
        }
        let loan = try db.makeStatement(sql: "INSERT INTO loans (book_id, borrower, checked_out, due, returned) VALUES (?, ?, ?, ?, ?)")
        for item in loans { try loan.execute(arguments: [item.bookID, item.borrower, item.checkedOut, item.due, item.returned]) }
    }
    try database.writeWithoutTransaction { db in try db.execute(sql: "ANALYZE; PRAGMA wal_checkpoint(TRUNCATE)") }
}

func fillPostgres(_ url: PostgresURL, books: [GeneratedBook], loans: [GeneratedLoan]) async throws {
    let logger = Logger(label: "listor.benchmark")
    try await ResourceScope.with { scope in try await SQLLibraryStore(database: PostgreSQLDatabase.open(at: url, in: scope)).migrate(seeded: false) }
    let client = PostgresClient(configuration: url.clientConfiguration)
    try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { await client.run() }
        defer { group.cancelAll() }
        _ = try await client.query("TRUNCATE reminder_outbox, holds, covers, loans, books", logger: logger)
        // No date is the epoch: it stands for NULL in the arrays, which carry no optionals.
        let none = Date(timeIntervalSince1970: 0)
        for start in stride(from: 0, to: books.count, by: 5_000) {
            let chunk = books[start..<min(books.count, start + 5_000)]
            try await client.query("""
                INSERT INTO books (id, title, author, publisher, categories, last_checked_out, last_checked_out_by, search_words)
                SELECT id, title, author, publisher, categories, NULLIF(last, 'epoch'::timestamptz), NULLIF(who, ''), words
                FROM unnest(\(chunk.map(\.id)), \(chunk.map(\.fields.title)), \(chunk.map(\.fields.author)), \(chunk.map { $0.fields.publisher ?? "" }),
                            \(chunk.map { $0.fields.categories ?? "" }), \(chunk.map { $0.lastCheckedOut ?? none }), \(chunk.map { $0.lastCheckedOutBy ?? "" }),
                            \(chunk.map { BookSearch.words(of: $0.fields) }))
                    AS rows(id, title, author, publisher, categories, last, who, words)
                """, logger: logger)
        }
        for start in stride(from: 0, to: loans.count, by: 10_000) {
            let chunk = loans[start..<min(loans.count, start + 10_000)]
            try await client.query("""
                INSERT INTO loans (book_id, borrower, checked_out, due, returned)
                SELECT book, who, since, due, NULLIF(back, 'epoch'::timestamptz)
                FROM unnest(\(chunk.map(\.bookID)), \(chunk.map(\.borrower)), \(chunk.map(\.checkedOut)), \(chunk.map(\.due)), \(chunk.map { $0.returned ?? none }))
                    AS rows(book, who, since, due, back)
                """, logger: logger)
        }
        _ = try await client.query("SELECT setval('books_id_seq', (SELECT max(id) FROM books))", logger: logger)
        _ = try await client.query("SELECT setval('loans_id_seq', (SELECT max(id) FROM loans))", logger: logger)
        _ = try await client.query("VACUUM ANALYZE books", logger: logger)
        _ = try await client.query("VACUUM ANALYZE loans", logger: logger)
        // The row triggers left a dead version of book_count's one row for every book and loan
        // written in these few transactions; every list page reads that row, so it is compacted.
        _ = try await client.query("VACUUM FULL ANALYZE book_count", logger: logger)
        _ = try await client.query("VACUUM FULL ANALYZE library_changes", logger: logger)
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let target = arguments.first else {
    FileHandle.standardError.write(Data("usage: LibraryScaleBenchmark <library.sqlite | postgres://…> [books] [loans]\n".utf8))
    exit(2)
}
let bookCount = arguments.dropFirst().first.flatMap(Int.init) ?? 100_000
let loanCount = arguments.dropFirst(2).first.flatMap(Int.init) ?? 300_000
let clock = ContinuousClock()
let started = clock.now
let (books, loans) = generate(books: bookCount, loans: loanCount, now: Date())
let generated = clock.now
do {
    if target.hasPrefix("postgres://") || target.hasPrefix("postgresql://") {
        try await fillPostgres(try PostgresURL(target), books: books, loans: loans)
    } else {
        try fillSQLite(target, books: books, loans: loans)
    }
} catch {
    FileHandle.standardError.write(Data("LibraryScaleBenchmark: cannot write the library to \(target): \(error)\n".utf8))
    exit(1)
}
print("library: \(books.count) books, \(loans.count) loans (\(loans.filter { $0.returned == nil }.count) out now) in \(target.hasPrefix("postgres") ? "PostgreSQL" : target)")
print("generated in \(generated - started), written in \(clock.now - generated)")

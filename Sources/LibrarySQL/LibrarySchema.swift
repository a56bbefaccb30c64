/// The library's tables, indexes and triggers on one engine, a script for each migration that
/// adds them, in their order.
struct LibrarySchema {
    /// Books, and loans with one open loan a book at most.
    let books: String
    /// A book's uploaded cover, and whether it has one.
    let covers: String
    /// An uploaded cover's colours on the book, so that lists show them without reading any picture.
    let coverColors: String
    /// The books' words for search (`BookSearch`), the indexes behind the status filters and the
    /// loan histories, the number of books and a change number kept by triggers (counting a
    /// large table reads all of it), and whether each book is out, kept by triggers on the loans,
    /// so that a page of the books on the shelf is read from an index of them.
    let search: String
    /// How many loans are open, beside the number of books: the list of the books on the shelf
    /// or out counts them on every page.
    let openLoanCount: String
    /// Patrons as records, loans to them with their renewals, and holds.
    let patronsAndHolds: String
    /// The reminders' outbox: a letter per key, claimed by one sender at a time.
    let reminderOutbox: String
    /// The hold each book is set aside for, with the book (one at most, as a unique index says),
    /// and the change number moved by every change of a hold, as it is by the books' and the loans'.
    let holdShelf: String
}

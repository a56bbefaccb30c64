/// The small library a new data directory starts with, so that the pages have something to show.
public enum SampleLibrary {
    public static let books: [BookFields] = [
        BookFields(title: "Pride and Prejudice", author: "Jane Austen", publisher: "Penguin Classics", categories: "fiction, classics", isbn: "9780141439518"),
        BookFields(title: "Frankenstein", author: "Mary Shelley", publisher: "Penguin Classics", categories: "fiction, classics, horror", isbn: "9780141439471"),
        BookFields(title: "Dune", author: "Frank Herbert", publisher: "Ace", categories: "fiction, science fiction", isbn: "9780441172719"),
        BookFields(title: "The Left Hand of Darkness", author: "Ursula K. Le Guin", publisher: "Ace", categories: "fiction, science fiction", isbn: "9780441478125"),
        BookFields(title: "The Pragmatic Programmer", author: "Andrew Hunt, David Thomas", publisher: "Addison-Wesley", categories: "programming", isbn: "9780201616224"),
        BookFields(title: "Structure and Interpretation of Computer Programs", author: "Harold Abelson, Gerald Jay Sussman", publisher: "MIT Press",
                   categories: "programming, computer science", isbn: "9780262510875"),
        BookFields(title: "The Mythical Man-Month", author: "Frederick P. Brooks Jr.", publisher: "Addison-Wesley", categories: "programming, management", isbn: "9780201835953"),
        BookFields(title: "Design Patterns", author: "Erich Gamma, Richard Helm, Ralph Johnson, John Vlissides", publisher: "Addison-Wesley",
                   categories: "programming", isbn: "9780201633610"),
        BookFields(title: "The C Programming Language", author: "Brian W. Kernighan, Dennis M. Ritchie", publisher: "Prentice Hall", categories: "programming", isbn: "9780131103627"),
        BookFields(title: "Thinking, Fast and Slow", author: "Daniel Kahneman", publisher: "Farrar, Straus and Giroux", categories: "psychology, non-fiction", isbn: "9780374533557"),
    ]
}

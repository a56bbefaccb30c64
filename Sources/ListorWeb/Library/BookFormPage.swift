import Library
import Tagged

/// What `library/form.mustache` shows: the add or edit form, with what was typed and each
/// problem beside its field.
struct BookFormPage: Encodable {
    struct Field: Encodable {
        let name: String
        let label: String
        let hint: String?
        let value: String
        let error: String?
        let required: Bool
        let maxLength: Int
    }

    let heading: String
    let action: String
    let cancelHref: String
    let submitLabel: String
    let version: Int?
    let fields: [Field]
    let csrf: String
    let problem: String?
    let hasCover: Bool
    let coverHref: String?
    let coverError: String?
    let coverLimit = CoverUpload.limitText

    init(_ form: BookFormViewModel, csrf: String) {
        if let book = form.book {
            heading = "Edit “\(book.title)”"
            action = "/library/books/\(book.id)"
            cancelHref = "/library/books/\(book.id)"
            submitLabel = "Save"
            version = book.version
        } else {
            heading = "Add a book"
            action = "/library/books"
            cancelHref = "/library"
            submitLabel = "Add book"
            version = nil
        }
        self.csrf = csrf
        problem = form.problem
        hasCover = form.book?.hasCover ?? false
        coverHref = form.book.map { CoverRendition(.small, scale: 2).path(of: $0) }
        coverError = form.errors["cover"]
        let values = form.form
        fields = [
            Field(name: "title", label: "Title", hint: nil, value: values.title, error: form.errors["title"], required: true, maxLength: BookForm.maximumTitleLength),
            Field(name: "author", label: "Author", hint: nil, value: values.author, error: form.errors["author"], required: true, maxLength: BookForm.maximumNameLength),
            Field(name: "publisher", label: "Publisher", hint: nil, value: values.publisher, error: form.errors["publisher"], required: false, maxLength: BookForm.maximumNameLength),
            Field(name: "categories", label: "Categories", hint: "(comma separated)", value: values.categories, error: form.errors["categories"], required: false,
                  maxLength: BookForm.maximumCategoriesLength),
            Field(name: "isbn", label: "ISBN", hint: "(10 or 13 digits, optional)", value: values.isbn, error: form.errors["isbn"], required: false, maxLength: 40),
        ]
    }
}

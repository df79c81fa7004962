//! The project templates of `codon new`, embedded from the repository's `templates/` folder.
//! `{{name}}` in a template becomes the package name.

/// One file of a template: its path in the new project and its contents.
pub struct File {
    pub path: &'static str,
    pub contents: &'static str,
}

macro_rules! template {
    ($path:literal => $source:literal) => {
        File {
            path: $path,
            contents: include_str!(concat!("../../../templates/", $source)),
        }
    };
}

/// A program: `src/main.codon` and its test.
const BIN: &[File] = &[
    template!("codon.yaml" => "bin/codon.yaml"),
    template!("src/main.codon" => "bin/main.codon"),
    template!("tests/test_main.codon" => "bin/test_main.codon"),
    template!("README.md" => "bin/README.md"),
    template!(".gitignore" => "common/gitignore"),
];

/// A library: `src/lib.codon` and its test.
const LIB: &[File] = &[
    template!("codon.yaml" => "lib/codon.yaml"),
    template!("src/lib.codon" => "lib/lib.codon"),
    template!("tests/test_lib.codon" => "lib/test_lib.codon"),
    template!("README.md" => "lib/README.md"),
    template!(".gitignore" => "common/gitignore"),
];

/// The files of the library template when `lib`, else of the program template.
pub fn files(lib: bool) -> &'static [File] {
    if lib {
        LIB
    } else {
        BIN
    }
}

impl File {
    /// The contents for package `name`.
    pub fn render(&self, name: &str) -> String {
        self.contents.replace("{{name}}", name)
    }
}

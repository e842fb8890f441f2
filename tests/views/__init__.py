"""The pages in AppTest (trainer/ui/views and the parts of a page they draw): one test module
per page, or per part of a page, named after it."""

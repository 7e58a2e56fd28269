/**
 * Main-page templates (charity-area spec, section 3 "Page template"). Seeded into the table on first start
 * locally and on every deploy in AWS; only Basic is selectable before launch.
 */
export const TemplateType = {
  Basic: 'basic',
  MultipleTabs: 'multiple_tabs',
  Customised: 'customised',
} as const;
export type TemplateType = (typeof TemplateType)[keyof typeof TemplateType];

export interface FieldDefinition {
  label: string;
  type: 'text' | 'textarea';
  max_length: number;
  placeholder: string;
}

export interface PageTemplate {
  template_type: TemplateType;
  display_name: string;
  description: string;
  is_active: boolean;
  component_name: string;
  field_schema: {
    required_fields: string[];
    optional_fields: string[];
    field_definitions: Record<string, FieldDefinition>;
  };
  max_media_files: number;
  allowed_media_types: ('image' | 'video')[];
}

const missionAndAbout: PageTemplate['field_schema'] = {
  required_fields: ['page_description', 'about_text'],
  optional_fields: [],
  field_definitions: {
    page_description: {
      label: 'Our Mission',
      type: 'textarea',
      max_length: 500,
      placeholder: 'In a sentence or two: who you help, and how.',
    },
    about_text: {
      label: 'About Us',
      type: 'textarea',
      max_length: 2000,
      placeholder:
        'Tell donors your story: how you started, what a typical week looks like, what a gift makes possible.',
    },
  },
};

export const PAGE_TEMPLATES: readonly PageTemplate[] = [
  {
    template_type: TemplateType.Basic,
    display_name: 'Basic',
    description: 'A clear, single page: a photo or video carousel, your mission and your story.',
    is_active: true,
    component_name: 'BasicTemplate',
    field_schema: missionAndAbout,
    max_media_files: 10,
    allowed_media_types: ['image', 'video'],
  },
  {
    template_type: TemplateType.MultipleTabs,
    display_name: 'Multiple Tabs',
    description: 'Separate tabs for your mission, projects, impact and team.',
    is_active: false,
    component_name: 'MultipleTabsTemplate',
    field_schema: missionAndAbout,
    max_media_files: 10,
    allowed_media_types: ['image', 'video'],
  },
  {
    template_type: TemplateType.Customised,
    display_name: 'Customised',
    description: 'A page laid out around your own sections and brand.',
    is_active: false,
    component_name: 'CustomisedTemplate',
    field_schema: missionAndAbout,
    max_media_files: 20,
    allowed_media_types: ['image', 'video'],
  },
];
